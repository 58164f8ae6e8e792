import type { Keyphrase } from '../../nlp';
import { toTitleCase } from '../../nlp';
import { frameHeading, stripNumbering, type MaterialView } from './material-view';

/** A document "title" that is really its first section ("1. Introduction", "Abstract") names no topic. */
function usableTitle(title: string): boolean {
  const t = title.trim();
  if (t.length < 4 || t.split(/\s+/).length > 16) return false;
  return stripNumbering(t) === t && !frameHeading.test(t);
}

/**
 * The detected topic: the document's own title when it has a usable one
 * (one document, or all documents sharing it), else its leading key phrases.
 */
export function detectTopic(view: MaterialView, phrases: Keyphrase[], given?: string): string {
  const titles = [...new Set(view.titles.map((t) => t.trim()).filter(usableTitle))];
  if (titles.length === 1) return titles[0];
  const [first, second] = phrases;
  if (!first) return given?.trim() || '';
  const a = toTitleCase(first.phrase);
  if (second && second.score >= 0.6 && !first.phrase.toLowerCase().includes(second.phrase.toLowerCase())) {
    return `${a} and ${toTitleCase(second.phrase)}`;
  }
  return a;
}
