import type { DocBlock, DocSection } from '../../../core/document-model';
import { fastSentences } from '../compose/fast-sentences';
import { escapeHtml } from '../compose/html';
import { inlineHtml } from '../compose/render-blocks';

/** A term and the sentence of the material that says what it is. */
export interface KeyTerm {
  term: string;
  definition: string;
  /** "Gradients are ...": asked about as "What are gradients?". */
  plural?: boolean;
}

const maxTerms = 8;
const pronounStart =
  /^(it|this|that|these|those|there|here|he|she|we|they|you|i|one|each|such|which|what|our|its|their|his|her|both|all|some|any|another|other|then|thus|so|hence)\b/i;
// "Definition 5.1 (Derivative). ...", "Definition (Jacobian): ..."
const labelledDefinition = /^definition\s*[\d.]*\s*\(([^)]{2,60})\)[.:]?\s+(.+)/i;
// "A random variable is a function ...", "Gradients are ...", "X is defined as ..."
const copulaDefinition = /^(?:an?\s+|the\s+)?([\p{L}][\p{L}\p{N}'’\- ]{1,48}?)\s+(?:is|are)\s+(?:defined as|called|known as|an?\b|the\b)/iu;
// Predicates that judge rather than define: "Fat bytecodes are a problem for ...".
const judgement =
  /^(?:is|are)\s+(?:an?|the)\s+(?:(?:big|major|minor|real|serious|good|bad|key|common|main|useful|simple|important)\s+)?(?:problem|issue|challenge|concern|reason|way|example|case|result|question|lot|bit|part|step)\b/i;
// "We call X a Y" / "... is called X"
const calledDefinition = /\b(?:is|are)\s+called\s+(?:an?\s+|the\s+)?([\p{L}][\p{L}\- ]{1,40}?)[.,;]/iu;

function prose(blocks: DocBlock[]): string[] {
  return blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item').map((b) => b.text);
}

function allBlocks(node: DocSection): DocBlock[] {
  return [...node.blocks, ...node.children.flatMap(allBlocks)];
}

/** Terms the chapter defines, each with its defining sentence as the material states it. */
export function keyTermsOf(node: DocSection): KeyTerm[] {
  const out: KeyTerm[] = [];
  const seen = new Set<string>();
  const text = prose(allBlocks(node)).join('\n\n');
  const lower = text.toLowerCase();
  for (const sentence of fastSentences(text)) {
    if (out.length >= maxTerms) break;
    const words = sentence.split(/\s+/).length;
    if (words < 7 || words > 60) continue;
    let term: string | undefined;
    let definition = sentence;
    const labelled = labelledDefinition.exec(sentence);
    if (labelled) [term, definition] = [labelled[1], labelled[2]];
    else if (!pronounStart.test(sentence)) {
      const copula = copulaDefinition.exec(sentence);
      const called = calledDefinition.exec(sentence);
      const predicate = copula
        ? sentence.slice(copula.index + copula[0].length - (copula[0].length - copula[0].indexOf(copula[1]) - copula[1].length)).trim()
        : '';
      if (copula && copula[1].split(' ').length <= 4 && !judgement.test(predicate)) term = copula[1];
      else if (called) term = called[1];
    }
    if (!term) continue;
    term = term.replace(/\s+/g, ' ').trim();
    const key = term.toLowerCase();
    // A term the chapter uses once is not a key term of it (and a one-off match is often not a term at all).
    if (seen.has(key) || key.length < 3 || /\d/.test(key) || lower.split(key).length - 1 < 2) continue;
    seen.add(key);
    out.push({
      term,
      definition: definition.trim(),
      plural: new RegExp(`^(?:the\\s+)?${escapeRegExp(term)}\\s+are\\b`, 'i').test(sentence),
    });
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "a random variable", "SpiderMonkey" (a name takes no article), "gradients". */
function asked(t: KeyTerm): string {
  if (/^\p{Lu}/u.test(t.term) && /\p{Lu}/u.test(t.term.slice(1))) return t.term;
  const term = lowerFirst(t.term);
  if (t.plural) return term;
  return `${/^[aeiou]/i.test(term) ? 'an' : 'a'} ${term}`;
}

function lowerFirst(title: string): string {
  return /^[A-Z][a-z]/.test(title) && !/^[A-Z][a-z]+[A-Z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

/** "Explain X", "Work through X", "Practise computing X": what a student can do with a section. */
function objectiveFor(title: string): string {
  if (/\b(examples?|applications?|exercises?|problems?|case stud(y|ies)|practice)\b/i.test(title))
    return `Work through the ${lowerFirst(title)}.`;
  if (/^\p{L}+ing\b/u.test(title)) return `Practise ${lowerFirst(title)}.`;
  return `Explain ${lowerFirst(title)}.`;
}

function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const apparatusTitles = /^(overview|learning objectives|summary|key terms|review questions)$/i;

/** The opening of a chapter: an overview of what it covers and its learning objectives. */
export function chapterOpening(sectionTitles: string[], terms: KeyTerm[]): string {
  const titles = sectionTitles.filter((t) => !apparatusTitles.test(t));
  if (titles.length === 0 && terms.length === 0) return '';
  const overview = titles.length ? `<h3>Overview</h3><p>This chapter covers ${escapeHtml(listPhrase(titles))}.</p>` : '';
  const objectives = [
    ...titles.slice(0, 6).map(objectiveFor),
    ...terms.slice(0, 3).map((t) => `Define ${t.term} as the material states it.`),
  ];
  return `${overview}<h3>Learning Objectives</h3><p>After this chapter you should be able to:</p><ul>${objectives.map((o) => `<li><p>${escapeHtml(o)}</p></li>`).join('')}</ul>`;
}

/** The first sentence of a unit's first paragraph, when it is a real sentence. */
function leadSentence(node: DocSection): string | undefined {
  const first = prose(allBlocks(node)).find((t) => t.split(/\s+/).length >= 8);
  const sentence = first ? fastSentences(first)[0] : undefined;
  return sentence && sentence.split(/\s+/).length >= 8 ? sentence : undefined;
}

/**
 * The close of a chapter: a summary (the lead sentence of each section, as the material
 * says it), its key terms with their definitions, and review questions on them. Empty
 * when the chapter gives nothing to draw them from.
 */
export function chapterReview(sections: DocSection[], sectionTitles: string[], terms: KeyTerm[]): string {
  const summary = sections
    .map((s, i) => ({ title: sectionTitles[i], lead: leadSentence(s) }))
    .filter((x): x is { title: string; lead: string } => !!x.lead);
  const parts: string[] = [];
  if (summary.length) {
    parts.push(
      `<h3>Summary</h3><ul>${summary.map((s) => `<li><p><strong>${escapeHtml(s.title)}.</strong> ${inlineHtml(s.lead)}</p></li>`).join('')}</ul>`,
    );
  }
  if (terms.length) {
    parts.push(
      `<h3>Key Terms</h3><ul>${terms.map((t) => `<li><p><strong>${escapeHtml(t.term)}</strong>: ${inlineHtml(t.definition)}</p></li>`).join('')}</ul>`,
    );
  }
  const questions = [
    ...terms.slice(0, 5).map((t) => `What ${t.plural ? 'are' : 'is'} ${asked(t)}?`),
    ...summary.slice(0, 5).map((s) => `Explain the main idea of "${s.title}" in your own words.`),
  ];
  if (questions.length)
    parts.push(`<h3>Review Questions</h3><ol>${questions.map((q) => `<li><p>${escapeHtml(q)}</p></li>`).join('')}</ol>`);
  return parts.join('');
}
