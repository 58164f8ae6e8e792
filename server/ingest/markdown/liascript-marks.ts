/**
 * LiaScript course pages mark when a block appears (`{{1}}`, `{{0-1}}` on a line of its own above it) and which
 * paragraph the narrator speaks (`--{{0}}--` above it). The marks are the slide show's timing, not the lesson's words:
 * the line goes, the block or paragraph under it stays where it is, as LiaScript's own textbook view prints it.
 * Lines inside fenced code are code and keep their braces.
 */
const fence = /(^[ \t]*(?:```|~~~)[\s\S]*?^[ \t]*(?:```|~~~)[ \t]*$)/m;
const markLine = /^[ \t]*(?:--|\*{3})?\{\{\d+(?:-\d+)?\}\}(?:--|\*{3})?[ \t]*(?:\n|$)/gm;

export function dropLiaScriptMarks(text: string): string {
  if (!text.includes('{{')) return text;
  return text
    .split(fence)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(markLine, '')))
    .join('');
}
