/** Plain text helpers for the AI tools: version descriptions and the paragraph context. */

const guidanceInDescription = 80;

/** The guidance as a version description: its first line, cut at a word near 80 characters. */
export function describeGuidance(guidance: string): string {
  const first = guidance.trim().split(/\r?\n/)[0].replace(/\s+/g, ' ').trim();
  if (first.length <= guidanceInDescription) return first;
  const cut = first.slice(0, guidanceInDescription);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}...`;
}

/** Spec 7's paragraph context arrives as text or as an object (book title, chapter and section titles): both become text. */
export function describeContext(context: string | Record<string, unknown> | undefined): string | undefined {
  if (context === undefined) return undefined;
  if (typeof context === 'string') return context;
  return Object.entries(context)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.map(String).join('; ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join('\n')
    .slice(0, 20_000);
}
