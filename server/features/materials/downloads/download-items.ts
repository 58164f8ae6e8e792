import { AppError } from '@server/core/app-error';
import { itemsOf, type QtiItem } from '@server/features/export/formats/imscc/qti';

export type DownloadItem = QtiItem;

/**
 * The questions of a stored quiz or assessment, in the one shape every download writes: each says how it is
 * marked (a choice, true/false, a short typed answer, or by hand), its choices, its key and its feedback
 * (explanation, model answer, rubric). A material with no questions (lesson plan, homework) has nothing to download.
 */
export function downloadItems(contentType: string, content: unknown): DownloadItem[] {
  const items = itemsOf(contentType, content);
  if (items.length === 0)
    throw AppError.badRequest('Only quizzes and assessments can be downloaded as question files; this material has no questions.');
  return items;
}

/** The key of an item in words: the right choice (with its letter), the accepted answer, or how it is marked. */
export function keyOf(item: DownloadItem): string {
  if (item.profile === 'cc.multiple_choice.v0p1' || item.profile === 'cc.true_false.v0p1') {
    const i = (item.options ?? []).indexOf(item.answer ?? '');
    if (i < 0) return 'No key was given for this item.';
    return item.profile === 'cc.true_false.v0p1' ? item.answer! : `${letter(i)}. ${item.answer}`;
  }
  if (item.profile === 'cc.fib.v0p1') return item.answer ?? '';
  return 'Marked by hand.';
}

export const letter = (i: number) => String.fromCharCode(65 + (i % 26));
