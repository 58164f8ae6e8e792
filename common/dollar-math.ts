/**
 * Math between dollar delimiters: `$...$` inline, `$$...$$` as a block when it is a
 * paragraph of its own (inline otherwise). Currency such as "$5 and $10" is left alone: the
 * opening dollar must be followed and the closing one preceded by a non-space, the closing one
 * must not be followed by a digit, and a bare number is never math (the Pandoc rules).
 * Free of editor code, so the reader page and the exports (common/book-render) use the same rules as the editor.
 */
export const blockParagraph = /^\s*\$\$([^$]+?)\$\$\s*$/;
export const inlineInText =
  /(?<![\\$])\$\$([^$\n]+?)\$\$(?!\$)|(?<![\\$\w])\$(?!\d+(?:[.,]\d+)?\$)([^\s$](?:[^$\n]*?[^\s$\\])?)\$(?![\d$])/g;
