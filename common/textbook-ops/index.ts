/**
 * Pure structural edits of a textbook's outline, shared by the client toolkit,
 * both assistant engines and add-section. Each returns a new content object
 * and a one-line summary, or the reason it cannot be done.
 */
export { move, newChapterId, newSectionId, type OpResult } from './op-helpers';
export { addChapter, mergeChapters, moveChapter, removeChapter, renameChapter, resizeChapters, splitChapter } from './chapter-ops';
export { addSection, mergeSections, moveSection, removeSection, renameSection, splitSection, updateSection } from './section-ops';
