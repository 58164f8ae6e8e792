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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const occurrences = (phrase: string, text: string) =>
  text ? (text.match(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}_])`, 'giu')) ?? []).length : 0;

/**
 * True for a phrase that names code rather than the subject: written like an identifier
 * (snake_case, camelCase), or met in the documents' code more than twice as often as in their
 * prose, which uses it less than three times ("Exp", "Identifier" of a parser's classes).
 */
export function isCodeIdentifier(phrase: string, view: Pick<MaterialView, 'code' | 'prose'>): boolean {
  if (/_|\p{Ll}\p{Lu}/u.test(phrase)) return true;
  if (!view.code) return false;
  // A word the prose itself uses three times or more is the prose's term ("function" in a JavaScript course), whatever the code does.
  return phrase.split(/\s+/).some((word) => {
    if (word.length <= 1) return false;
    const inProse = occurrences(word, view.prose ?? '');
    return inProse < 3 && occurrences(word, view.code ?? '') > 2 * inProse;
  });
}

/** Series words a course's files share ("Statistics week 1", "Statistics week 2"): not part of their common topic. */
const seriesWord = /^(?:week|lecture|lec|session|part|unit|module|chapter|handout|notes|lab|day|class|topic|no\.?|#|[-–—:,]|\d+[a-z]?)$/i;

/** The words all the titles open with, series words and numbers aside ("Statistics week 1" and "Statistics week 3": "Statistics"). */
export function sharedOpening(titles: string[]): string {
  const words = titles.map((t) => t.split(/\s+/));
  const shared: string[] = [];
  for (let i = 0; i < Math.min(...words.map((w) => w.length)); i++) {
    const w = words[0][i];
    if (!words.every((ws) => ws[i].toLowerCase() === w.toLowerCase())) break;
    shared.push(w);
  }
  while (shared.length && seriesWord.test(shared[shared.length - 1])) shared.pop();
  return shared.some((w) => w.length >= 4) ? shared.join(' ').replace(/[\s:,–—-]+$/, '') : '';
}

/**
 * The detected topic: the documents' own title when they have one usable title (one document, or
 * all sharing it) or titles opening alike; otherwise the leading key phrases of the text that are
 * no code identifiers, those its headings name first (for tiny material: its first heading, file
 * name or the given topic before key phrases); several titles with nothing better are joined.
 */
export function detectTopic(view: MaterialView, phrases: Keyphrase[], given?: string): string {
  const titles = [...new Set(view.titles.map((t) => t.trim()).filter(usableTitle))];
  if (titles.length === 1) return titles[0];
  const shared = titles.length > 1 ? sharedOpening(titles) : '';
  if (shared) return shared;
  if (view.totalWords < tinyMaterialWords) {
    const named = tinyMaterialTopic(view) || given?.trim();
    if (named) return named;
  }
  const headings = view.sections.map((s) => s.heading.toLowerCase()).join('\n');
  const usable = phrases.filter((p) => !isCodeIdentifier(p.phrase, view));
  const named = usable.filter((p) => occurrences(p.phrase, headings) > 0);
  // Several files with titles of their own and no key phrase their headings share: the titles say it best.
  if (titles.length >= 2 && named.length === 0 && titles.slice(0, 2).join(' ').split(/\s+/).length <= 10)
    return `${titles[0]} and ${titles[1]}`;
  const ranked = [...named, ...usable.filter((p) => !named.includes(p))];
  const [first, second] = ranked;
  if (!first) return titles[0] || given?.trim() || '';
  const a = toTitleCase(first.phrase);
  if (second && second.score >= 0.6 && !first.phrase.toLowerCase().includes(second.phrase.toLowerCase())) {
    return `${a} and ${toTitleCase(second.phrase)}`;
  }
  return a;
}
