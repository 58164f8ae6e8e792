import type { DocSection } from '@server/core/document-model';
import { lightStem, quickStopwords } from '@server/core/nlp';
import { topicKey } from '@server/ingest/pptx/pptx-deck';
import { blockWords } from './document-units';

/** A deck read into more single-slide units than this is grouped into chapters; fewer stay one chapter each. */
const maxSlideChapters = 8;
/** A slide with fewer words than this, alone on its topic, is an aside of the chapter beside it. */
const thinSlideWords = 40;
/** How many slides that share no term with the chapter may stand between two that do (a picture, an aside). */
const bridge = 2;

/** The terms a slide title names: its words of three letters or more, stopwords out, "HMMs" as "hmm". */
export function titleTerms(title: string): Set<string> {
  const words = topicKey(title).match(/[\p{L}\p{N}]+/gu) ?? [];
  const original = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const acronymPlural = new Set(original.filter((w) => /^\p{Lu}{2,}s$/u.test(w)).map((w) => w.toLowerCase()));
  return new Set(
    words.filter((w) => w.length >= 3 && !quickStopwords.has(w)).map((w) => (acronymPlural.has(w) ? w.slice(0, -1) : lightStem(w))),
  );
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((t) => b.has(t));

/**
 * A deck's slides as a few chapters. A deck on its own (or too long to be one part of a book) is read as one unit per
 * slide topic, which made a 30-slide lecture fifteen chapters of 27 to 721 words. Consecutive slides whose titles share
 * a term ("Basic Local Alignment Search Tool (BLAST)", "BLAST Programs", "How does BLAST use ...") are one chapter: the
 * first slide's text opens it and the others are its sections; a slide or two on an aside between them stays in the
 * chapter, and a lone slide of a few words joins the chapter before it. Units that already have sections (the deck's own sections) are kept as they are.
 */
export function deckChapters(units: DocSection[]): DocSection[] {
  if (units.length <= maxSlideChapters || units.some((u) => u.children.length > 0)) return units;
  const terms = units.map((u) => titleTerms(u.title));
  const groups: number[][] = [];
  let groupTerms = new Set<string>();
  for (let i = 0; i < units.length; i++) {
    const current = groups[groups.length - 1];
    const joins = current && (shares(terms[i], groupTerms) || terms.slice(i + 1, i + 1 + bridge).some((t) => shares(t, groupTerms)));
    if (joins) {
      current.push(i);
      if (shares(terms[i], groupTerms)) for (const t of terms[i]) groupTerms.add(t);
    } else {
      groups.push([i]);
      groupTerms = new Set(terms[i]);
    }
  }
  // A lone slide of a few words (a motivation, a one-line aside) joins the chapter before it (the first one, the next).
  const joined: number[][] = [];
  for (const g of groups) {
    const prev = joined[joined.length - 1];
    if (g.length === 1 && prev && blockWords(units[g[0]].blocks) < thinSlideWords) prev.push(...g);
    else joined.push([...g]);
  }
  if (joined.length > 1 && joined[0].length === 1 && blockWords(units[joined[0][0]].blocks) < thinSlideWords)
    joined[1].unshift(...joined.shift()!);
  return joined.map((g) => {
    const [lead, ...rest] = g.map((i) => units[i]);
    if (!rest.length) return lead;
    const same = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();
    return {
      ...lead,
      children: rest.map((u) => ({
        ...u,
        // A later slide of the chapter's very title is told apart from the chapter, as a later chapter of one title is.
        title: same(u.title) === same(lead.title) ? `${u.title}, continued` : u.title,
        level: lead.level + 1,
        depth: lead.depth + 1,
      })),
    };
  });
}
