/** Text for XML content and attribute values; characters XML 1.0 forbids are dropped. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Drops characters XML 1.0 forbids from already-escaped markup (control characters pasted into the editor). */
export function xmlSafe(markup: string): string {
  return markup.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

/**
 * Every string inside a value with the characters XML 1.0 forbids dropped (U+FFFE, U+FFFF, C0 controls,
 * lone surrogates): the book handed to the writers, so no format's library can write them into a file
 * that readers then refuse (a DOCX holding U+FFFE did not open in Word).
 */
export function xmlSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return xmlSafe(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => xmlSafeDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = xmlSafeDeep(v);
    return out as T;
  }
  return value;
}
