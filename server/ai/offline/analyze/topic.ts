import type { Keyphrase } from '@server/core/nlp';
import { toTitleCase } from '@server/core/nlp';
import { frameHeading, stripNumbering, type MaterialView } from './material-view';

/**
 * Below this many words a key phrase is a guess from a handful of tokens
 * ("Right" for a table of 18 words): the document's own title, first heading
 * or file name says more.
 */
export const tinyMaterialWords = 60;

/** A document "title" that is really its first section ("1. Introduction", "Abstract") names no topic. */
function usableTitle(title: string): boolean {
  const t = title.trim();
  if (t.length < 4 || t.split(/\s+/).length > 16) return false;
  return stripNumbering(t) === t && !frameHeading.test(t);
}

/** "plate_tectonics-notes.docx" -> "Plate Tectonics Notes"; '' when the stem has no letters. */
export function filenameTopic(filename: string): string {
  const stem = filename.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{2,5}$/i, '');
  const words = stem
    .replace(/[_\-.+]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return /[a-z]/i.test(words) ? toTitleCase(words) : '';
}

/** The name a tiny material gives itself: a heading (the title first), else its single file's name. */
function tinyMaterialTopic(view: MaterialView): string {
  const heading = view.sections.map((s) => s.heading.trim()).find(usableTitle);
  if (heading) return heading;
  const files = view.filenames ?? [];
  return files.length === 1 ? filenameTopic(files[0]) : '';
}

/**
 * The detected topic: the document's own title when it has a usable one
 * (one document, or all documents sharing it), else its leading key phrases
 * (for tiny material: its first heading, file name or the given topic before key phrases).
 */
export function detectTopic(view: MaterialView, phrases: Keyphrase[], given?: string): string {
  const titles = [...new Set(view.titles.map((t) => t.trim()).filter(usableTitle))];
  if (titles.length === 1) return titles[0];
  if (view.totalWords < tinyMaterialWords) {
    const named = tinyMaterialTopic(view) || given?.trim();
    if (named) return named;
  }
  const [first, second] = phrases;
  if (!first) return given?.trim() || '';
  const a = toTitleCase(first.phrase);
  if (second && second.score >= 0.6 && !first.phrase.toLowerCase().includes(second.phrase.toLowerCase())) {
    return `${a} and ${toTitleCase(second.phrase)}`;
  }
  return a;
}
