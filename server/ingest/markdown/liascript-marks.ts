/**
 * LiaScript course pages mark when a block appears (`{{1}}`, `{{0-1}}` on a line of its own above it) and which
 * paragraph the narrator speaks (`--{{0}}--` above it). The marks are the slide show's timing, not the lesson's words:
 * the line goes, the block or paragraph under it stays where it is, as LiaScript's own textbook view prints it.
 * The caller passes only text outside fenced code (markdown-extract.ts's outsideLiteral), where braces are code.
 */
const markLine = /^[ \t]*(?:--|\*{3})?\{\{\d+(?:-\d+)?\}\}(?:--|\*{3})?[ \t]*(?:\n|$)/gm;

export function dropLiaScriptMarks(text: string): string {
  return text.includes('{{') ? text.replace(markLine, '') : text;
}
