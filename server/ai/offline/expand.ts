/**
 * The offline expansion tools, drawn from the source units behind the text
 * (the document model's section tree): a selection, a section, a chapter.
 * Each is a pure function of the book and its material, so it can run in a
 * worker thread.
 */
export { expandChapter } from './expand/expand-chapter';
export { generateSection } from './expand/expand-section';
export { expandParagraph } from './expand/expand-selection';
