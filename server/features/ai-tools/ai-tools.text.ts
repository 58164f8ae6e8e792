/** Plain text helpers for the AI tools: version descriptions and the paragraph context. */

/** docs/product.md's paragraph context arrives as text or as an object (book title, chapter and section titles): both become text. */
export function describeContext(context: string | Record<string, unknown> | undefined): string | undefined {
  if (context === undefined) return undefined;
  if (typeof context === 'string') return context;
  return Object.entries(context)
    .map(
      ([key, value]) =>
        `${key}: ${Array.isArray(value) ? value.map(String).join('; ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join('\n')
    .slice(0, 20_000);
}
