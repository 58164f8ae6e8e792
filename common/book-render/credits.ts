/** A credit line cut into its text and its web addresses (the reader and the exports link them alike). */
export function creditParts(line: string): Array<{ text: string; href?: string }> {
  return line
    .split(/(https?:\/\/[^\s<>"]+[^\s<>".,;:)])/)
    .map((text, i) => (i % 2 ? { text, href: text } : { text }))
    .filter((p) => p.text);
}
