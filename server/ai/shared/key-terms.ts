import type { DocBlock } from '@server/core/document-model';
import { escapeRegExp } from './phrasing';
import { endsInNoun, isTermSubject } from './term-subject';
import { fastSentences } from '@server/ai/shared/fast-sentences';

/** A term and what the material says it is, in its own words. */
export interface KeyTerm {
  term: string;
  /** The defining sentence (or sentences) as the material states them. */
  definition: string;
  /** A display equation that completes a definition ending in "is defined as"; rendered after it. */
  equation?: DocBlock;
  /** "Gradients are ...": asked about as "What are gradients?". */
  plural?: boolean;
}

const maxTerms = 8;
const pronounStart = /^(?:it|this|that|these|those|they|such|which)\b/i;
// "Definition 5.1 (Derivative). ...", "Definition (Jacobian): ..."
const labelledDefinition = /^definition\s*[\d.]*\s*\(([^)]{2,60})\)[.:]?\s+(.+)/i;
// "A random variable is a function ...", "Gradients are ...", "X is defined as ..."
const copulaDefinition =
  /^(?:an?\s+|the\s+)?([\p{L}][\p{L}\p{N}'’\- ]{1,48}?)\s+(is|are)\s+(defined as|called|known as|an?\b|the\b|one\b)/iu;
// Predicates that judge rather than define: "Fat bytecodes are a problem for ...".
const judgement =
  /^(?:an?|the)\s+(?:(?:big|major|minor|real|serious|good|bad|key|common|main|useful|simple|important|great|first|second|last|only|same|best)\s+)?(?:problem|issue|challenge|concern|reason|way|example|case|result|question|lot|bit|part|step|thing|idea|topic|point)\b/i;
// "... are called mesh networks.", "... can be referred to as a "node."", "... something called a "packet.""
const namedAs =
  /\b(?:is|are|be)?\s*(?:called|referred to as|known as|termed|named)\s+(?:an?\s+|the\s+)?(?:["“]([^"”]{2,40}?)[.,]?["”]|([\p{L}][\p{L}\-]*(?:\s[\p{L}][\p{L}\-]*){0,3}?))(?=\s*[.,;:)]|\s*$|\s+(?:and|or|which|that|if|when|because)\b)/iu;
// "Link-layer: communication between hosts on a single network" (a glossary-like list item).
const glossaryItem = /^([\p{L}][\p{L}\p{N}'’/\- ]{1,40}?)\s*[:–—]\s+(\p{L}.{8,})$/u;
const glossaryLabel =
  /^(?:note|notes|example|q|a|answer|question|step|tip|hint|rule of thumb|takeaway|take-home message|summary|remember|important|warning|truth|key point)$/i;
// "RSA is a well known algorithm.", "A network is a relatively simple concept ...": an opinion of the term, not what it is.
export const evaluative =
  /^(?:an?|the)\s+(?:(?:relatively|very|quite|fairly|rather|pretty|really|extremely)\s+)?(?:well[- ]known|simple|easy|hard|difficult|famous|popular|nice|powerful|interesting|great|good|bad|big|important|complex|complicated|tricky|useful|cool|fun|first|second|last|dominant)\b/i;
/**
 * Why a definition is not a whole sentence ("Affine mapping: For two vector spaces V, W and
 * a lin-" is a defect): it starts in lower case, stops without a full stop, breaks off at a hyphen or
 * before its formula ("is defined as the limit"), or lost its symbols (", , . . .", "f : →").
 */
export function cutDefinition(definition: string, opts: { equation?: boolean } = {}): string | undefined {
  const d = definition.trim();
  if (!/^[“"(]?[\p{Lu}\d]/u.test(d)) return 'starts mid-sentence';
  if (/[-‐]$/.test(d)) return 'breaks off at a hyphen';
  if (!/[.!?]["”’)]?$/.test(d) && !opts.equation) return 'has no full stop';
  if (/\s[,;:]\s*[,;:.]|\(\s*\)|\.\s\.\s\.|\s[:→]\s*(?:→|is\b|are\b|[,.])|\bof\s*[,.]|\s,|,\s*(?:or|and)\s*[,.]/.test(d))
    return 'lost its symbols';
  if (!opts.equation && /\b(?:the limit|as follows|given by|defined as|defined by|the following)\s*[:.]?$/i.test(d))
    return 'lost its formula';
  return undefined;
}

const stopTerms =
  /^(?:and|or|but|the|a|an|it|this|that|these|those|which|what|one|example|following|case|result|way|value|point|part|thing)$/i;

function sentencesOf(blocks: DocBlock[]): Array<{ sentence: string; block: number; last: boolean }> {
  const out: Array<{ sentence: string; block: number; last: boolean }> = [];
  blocks.forEach((b, i) => {
    if (b.kind !== 'paragraph' && b.kind !== 'quote') return;
    // "Definition 3.1 (Focal point). The focal point of ...": the label stays with the sentence it introduces.
    const sentences = fastSentences(b.text).reduce<string[]>((acc, s) => {
      const last = acc[acc.length - 1];
      if (last && /^definition\s*[\d.]*\s*\([^)]{2,60}\)[.:]?$/i.test(last)) acc[acc.length - 1] = `${last} ${s}`;
      else acc.push(s);
      return acc;
    }, []);
    sentences.forEach((s, j) => out.push({ sentence: s, block: i, last: j === sentences.length - 1 }));
  });
  return out;
}

function uses(text: string, term: string): number {
  return (text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, 'giu')) ?? []).length;
}

/**
 * The terms a unit defines, each with its defining sentence as the material states it:
 * labelled definitions ("Definition 5.4 (Taylor Series)"), "X is/are a ...", "... is called X"
 * (with the sentence before it when this one starts "These are called ..."), quoted names
 * ('referred to as a "node"') and glossary-like list items ("Link-layer: communication ...").
 * A term must be a noun phrase, and (unless labelled or listed) used at least twice.
 */
export function keyTermsOf(blocks: DocBlock[]): KeyTerm[] {
  const out: KeyTerm[] = [];
  const seen = new Set<string>();
  const text = blocks
    .filter((b) => b.kind === 'paragraph' || b.kind === 'list-item' || b.kind === 'quote')
    .map((b) => b.text)
    .join('\n\n');
  const add = (term: string, definition: string, opts: { plural?: boolean; equation?: DocBlock; once?: boolean } = {}) => {
    const clean = term
      .replace(/\s+/g, ' ')
      .replace(/^["“]|[.,"”]+$/g, '')
      .trim();
    const key = clean.toLowerCase();
    // A term with a variable in it ("gradient of f") names a formula, not a concept.
    if (out.length >= maxTerms || seen.has(key) || key.length < 3 || /\d|(?:^|\s)\p{L}(?:\s|$)/u.test(key) || stopTerms.test(key)) return;
    // A definition too short to say anything ("The difference quotient"), or one whose formula was lost ("is defined as"), is left out.
    const said = definition.trim();
    if (said.split(/\s+/).length < 6 || (!opts.equation && /\b(?:as|by|is|are)\s*:?$/i.test(said))) return;
    // A definition cut by a page or column break ("tives of a vector-valued function ..."), or one that lost its symbols, is no definition.
    // A glossary line ("Link-layer: communication between hosts") is kept only when its definition is a whole sentence too.
    if (cutDefinition(definition, { equation: !!opts.equation })) return;
    if (!opts.once && uses(text, clean) < 2) return;
    seen.add(key);
    out.push({ term: clean, definition: definition.trim(), ...(opts.equation ? { equation: opts.equation } : {}), plural: opts.plural });
  };
  const sentences = sentencesOf(blocks);
  sentences.forEach(({ sentence, block, last }, i) => {
    const words = sentence.split(/\s+/).length;
    if (words < 5 || words > 70) return;
    const labelled = labelledDefinition.exec(sentence);
    if (labelled) {
      // "... is defined as" followed by the formula: the formula completes the definition.
      const next = blocks[block + 1];
      const equation = last && /\b(?:as|by|is)\s*:?$/.test(labelled[2].trim()) && next?.kind === 'equation' ? next : undefined;
      add(labelled[1], labelled[2], { equation, once: true });
      return;
    }
    const named = namedAs.exec(sentence);
    if (named) {
      const term = (named[1] ?? named[2]).trim();
      const quoted = !!named[1];
      // "These are called mesh networks.": the sentence before says what "these" are ("It turns out that ... called X" needs none).
      const pointsBack = /^(?:these|this|they|such|those|it)\s+(?:\w+\s+)?(?:is|are|be)\s+(?:called|referred|known|termed|named)\b/i.test(
        sentence,
      );
      const previous = pointsBack && i > 0 ? sentences[i - 1].sentence : undefined;
      if ((quoted || endsInNoun(sentence, term)) && (!pointsBack || previous)) {
        add(term, previous ? `${previous} ${sentence}` : sentence, { plural: /\bare\s+called\b/i.test(sentence) });
        return;
      }
    }
    if (pronounStart.test(sentence)) return;
    const copula = copulaDefinition.exec(sentence);
    if (!copula) return;
    const predicate = sentence.slice(copula.index + copula[0].length - copula[3].length);
    if (
      copula[1].split(' ').length > 4 ||
      judgement.test(predicate) ||
      evaluative.test(predicate) ||
      // A defining clause says more than a label: "RSA is an algorithm." names a class, it does not define.
      predicate.split(/\s+/).length < 4 ||
      !isTermSubject(sentence, copula[1].trim(), { lenient: true })
    )
      return;
    add(copula[1], sentence, { plural: copula[2].toLowerCase() === 'are' });
  });
  for (const b of blocks) {
    if (b.kind !== 'list-item' || out.length >= maxTerms) continue;
    const m = glossaryItem.exec(b.text.trim());
    // A label ("Note:", "Rule of thumb:", "Takeaway:") introduces a remark, not a term; the definition is what follows the colon.
    if (
      m &&
      m[1].split(' ').length <= 4 &&
      !glossaryLabel.test(m[1].trim()) &&
      m[2].trim().split(/\s+/).length >= 4 &&
      !pronounStart.test(m[2].trim())
    )
      add(m[1], m[2].trim(), { once: true });
  }
  return out;
}
