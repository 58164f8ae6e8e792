import { lightStem, quickStopwords } from '@server/core/nlp';
import { isTermSubject } from '@server/ai/shared/term-subject';
import { evaluative } from '@server/ai/shared/key-terms';
import type { BookSentence } from '@server/ai/shared/book-sentences';

/** "A typed trace is a trace annotated with ...": a term and what the book says it is. */
export interface Definition {
  sentence: BookSentence;
  term: string;
  /** The defining phrase, starting with its article ("a trace annotated with ..."). */
  definition: string;
  isPlural: boolean;
}

const definitionPattern = /^(?:(?:An?|The)\s+)?(.{2,60}?)\s+(is|are)\s+((?:an?|the|one of the)\s+.{12,})\.$/;
/** Definitions stated in the book's own words, one per sentence. */
export function findDefinitions(sentences: BookSentence[]): Definition[] {
  const out: Definition[] = [];
  for (const sentence of sentences) {
    if (!sentence.isStandalone) continue;
    const m = definitionPattern.exec(sentence.plain);
    if (!m) continue;
    const [, subject, verb, definition] = m;
    if (!isTermSubject(sentence.plain, subject)) continue;
    // "X is a problem for Y" or "X is the same as Y" say little about what X is.
    if (/^(?:an?|the)\s+(?:problem|way|result|matter|case|reason|part|same|first|second|last|key|main|only|best)\b/i.test(definition))
      continue;
    // "A network is a relatively simple concept ...": an opinion of the term, not what it is (shared/key-terms.ts).
    if (evaluative.test(definition)) continue;
    out.push({ sentence, term: subject, definition, isPlural: verb === 'are' });
  }
  return out;
}

/** A number the book states as a fact, with what kind of quantity it is. */
export interface NumberFact {
  sentence: BookSentence;
  /** As written: "3.9x", "35", "1%", "1998". */
  value: string;
  /** Where it sits in sentence.plain. */
  index: number;
  /** 'factor' (3.9x), 'percent', 'year', 'count:<unit>' (35 cycles), or 'count'. */
  kind: string;
  magnitude: number;
}

const numberPattern = /(?<![\p{L}\p{N}.,=+\-/])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(x|×|%)?(?![\p{L}\p{N}]|[.,]\d|-\d|–\d)/gu;
/** Numbers that label something rather than state a quantity: "Section 3", "Figure 10", "line 4". */
const labelBefore =
  /\b(?:section|sections|figure|figures|fig\.|table|tables|line|lines|chapter|chapters|listing|equation|eq\.|page|pages|step|steps|version|level|phase|stage|iteration|algorithm|theorem|lemma|example|appendix|part|item|rule|type|case|on|at)\s*$/i;

/** Stated quantities of a sentence; citation numbers and labels are left out. */
export function findNumbers(sentence: BookSentence): NumberFact[] {
  const out: NumberFact[] = [];
  const text = sentence.plain;
  for (const m of text.matchAll(numberPattern)) {
    const index = m.index ?? 0;
    const before = text.slice(Math.max(0, index - 14), index);
    if (labelBefore.test(before) || (/\(\s*$/.test(before) && /^\d+\)/.test(text.slice(index)))) continue;
    const [value, digits, suffix] = m;
    const magnitude = Number(digits.replace(/,/g, ''));
    const after = text.slice(index + value.length);
    if (!Number.isFinite(magnitude)) continue;
    let kind: string;
    if (suffix === 'x' || suffix === '×') kind = 'factor';
    else if (suffix === '%') kind = 'percent';
    else if (
      /^(?:1[5-9]|20)\d\d$/.test(digits) &&
      (/\b(?:in|since|by|from|until|year|of)\s*$/i.test(before) || /^\s*(?:[.,;)]|$)/.test(after))
    )
      kind = 'year';
    else {
      const unit = /^\s+([\p{L}][\p{L}-]{2,})/u.exec(after)?.[1].toLowerCase();
      kind = unit && !quickStopwords.has(unit) ? `count:${lightStem(unit)}` : 'count';
    }
    out.push({ sentence, value, index, kind, magnitude });
  }
  return out;
}
