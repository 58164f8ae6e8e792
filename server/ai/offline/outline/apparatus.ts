import type { DocBlock, DocSection } from '@server/core/document-model';
import {
  CasingIndex,
  collapseSeries,
  inTextCase,
  labelledWorkOf,
  listPhrase,
  objectiveForHeading,
  upperFirst,
  withArticle,
} from '@server/ai/shared/phrasing';
import { frameHeading } from '../analyze/material-view';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { escapeHtml } from '@common/textbook-ops/html';
import { inlineHtml, renderBlocks, type RenderOptions } from '@server/ai/shared/render-blocks';
import { cleanSentence } from '@server/ai/shared/sentence-filter';
import { isStandaloneSentence } from '@server/ai/shared/standalone';
import { keyTermsOf, type KeyTerm } from '@server/ai/shared/key-terms';
import { settingTitle, settingWords } from '../materials/setting-parts';
import { actionObjectives, objectObjection } from '@server/ai/shared/objective-acts';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';
import { isFrontMatterTitle, isLogisticsTitle, unitKind, type UnitKind } from '@server/ai/shared/unit-kind';

export type { KeyTerm } from '@server/ai/shared/key-terms';

/** Units that follow a chapter's teaching text: exercises, further reading, appendices, homework. */
export const companionTitle =
  /^(?:exercises?|problems?|problem sets?|further reading|suggested reading|readings?|review|questions|questions to consider|self-test|quiz|homework|assignments?|for next time|next time|appendix\b.*|appendices|notes|summary)$/i;

export function isCompanionTitle(title: string): boolean {
  return companionTitle.test(cleanHeadingTitle(title));
}

/** Everything a unit holds, its sub-units' blocks included, in reading order. */
export function allBlocks(node: DocSection): DocBlock[] {
  return [...node.blocks, ...node.children.flatMap(allBlocks)];
}

/** What the apparatus of one unit is drawn from: its sections, terms, worked examples and the material's casing. */
export interface UnitDigest {
  title: string;
  /** The unit's teaching sections (companions such as exercises left out), each with all its blocks. */
  sections: Array<{ title: string; blocks: DocBlock[] }>;
  blocks: DocBlock[];
  terms: KeyTerm[];
  /** Questions the material itself asks its readers. */
  questions: string[];
  /** Labels of worked examples ("Example 5.3", with its subject "Taylor Polynomial"). */
  examples: Array<{ label: string; subject?: string }>;
  casing: CasingIndex;
  /** Teaching text gets an apparatus; front matter and logistics keep their content without one. */
  kind: UnitKind;
}

/** A section that teaches: not a companion (exercises, readings), not logistics or front matter. */
function isTeachingSection(title: string): boolean {
  return !isCompanionTitle(title) && !isLogisticsTitle(title) && !isFrontMatterTitle(title);
}

/** The unit's own blocks and its teaching sections' (logistics and front matter define no terms of the subject). */
function teachingBlocks(node: DocSection): DocBlock[] {
  return [...node.blocks, ...node.children.filter((c) => !isLogisticsTitle(c.title) && !isFrontMatterTitle(c.title)).flatMap(allBlocks)];
}

export function digestUnit(node: DocSection): UnitDigest {
  const blocks = allBlocks(node);
  // The body only: headings are set in title case, which says nothing about how a word is written.
  const text = blocks.map((b) => b.text).join('\n\n');
  const examples: UnitDigest['examples'] = [];
  const seen = new Set<string>();
  const headings: string[] = [];
  const walk = (n: DocSection) => {
    headings.push(n.title);
    n.children.forEach(walk);
  };
  node.children.forEach(walk);
  for (const candidate of [
    ...headings.map(cleanHeadingTitle),
    // "Example 3.1 (Mirror image). A candle ...": the label and its subject open the paragraph.
    ...blocks
      .filter((b) => b.kind === 'paragraph' || b.kind === 'exercise')
      .map((b) => /^(?:worked\s+)?example\s+(?:\d+(?:\.\d+)*|[A-Z])\s*(?:\([^)]{3,80}\)|(?=[.:]))/i.exec(b.text.trim())?.[0] ?? ''),
  ]) {
    const work = labelledWorkOf(candidate);
    if (!work || !/^(?:Example|Worked example)/.test(work.kind) || seen.has(work.label)) continue;
    seen.add(work.label);
    examples.push({ label: work.label, subject: work.subject });
  }
  return {
    title: cleanHeadingTitle(node.title),
    sections: node.children
      .filter((c) => isTeachingSection(c.title))
      .map((c) => ({ title: cleanHeadingTitle(c.title), blocks: allBlocks(c) })),
    blocks,
    terms: keyTermsOf(teachingBlocks(node)),
    questions: ownQuestions(node),
    examples,
    casing: new CasingIndex(text),
    kind: unitKind({
      title: cleanHeadingTitle(node.title),
      childTitles: node.children.map((c) => c.title),
      lines: blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item').map((b) => b.text),
    }),
  };
}

/** The headings objectives are made from: the sections' (or the unit's own), framing ones ("Introduction") left out. */
function teachingHeadings(d: UnitDigest): string[] {
  return (d.sections.length ? d.sections.map((s) => s.title) : [d.title]).filter((h) => !frameHeading.test(h));
}

function termPhrase(t: KeyTerm, casing: CasingIndex): string {
  const term = inTextCase(t.term, casing);
  return t.plural ? term : withArticle(term, casing, t.term);
}

/**
 * Learning objectives a student can act on, each from what the unit does (shared/objective-acts.ts):
 * the terms it defines, the comparisons it draws, its proofs, worked examples, rules, tasks and
 * programs. None for front matter or logistics, and none where nothing specific can be said.
 */
export function unitObjectives(d: UnitDigest): string[] {
  if (d.kind !== 'teaching') return [];
  return actionObjectives({
    title: d.title,
    sectionTitles: teachingHeadings(d),
    blocks: d.blocks,
    terms: d.terms,
    examples: d.examples,
    casing: d.casing,
  });
}

/**
 * "This chapter covers the Taylor series and the differentiation rules." Titles that do not read
 * as noun phrases ("From snow to firn", a question) are listed as printed instead.
 */
export function coversSentence(all: string[], casing: CasingIndex, subject: string, parts = 'sections'): string {
  const titles = collapseSeries(all).map((t) => t.label);
  if (
    titles.some((t) =>
      /\?|^(?:from|in|on|at|with|for|by|how|why|what|when|where|which|who|is|are|do|does|can|example|task|exercise)\b/i.test(t),
    )
  )
    return `${subject} has ${all.length} ${parts}: ${titles.join('; ')}.`;
  return `${subject} covers ${listPhrase(titles.map((t) => withArticle(inTextCase(t, casing), casing)))}.`;
}

/** The opening of a chapter: what it covers and its learning objectives. */
export function chapterOpening(d: UnitDigest): string {
  if (d.kind !== 'teaching') return '';
  const objectives = unitObjectives(d);
  const overview =
    d.sections.length >= 2
      ? `<h3>Overview</h3><p>${escapeHtml(
          coversSentence(
            d.sections.map((s) => s.title),
            d.casing,
            'This chapter',
          ),
        )}</p>`
      : '';
  if (!objectives.length) return overview;
  return `${overview}<h3>Learning Objectives</h3><p>After this chapter you should be able to:</p><ul>${objectives.map((o) => `<li><p>${escapeHtml(o)}</p></li>`).join('')}</ul>`;
}

/** Openers that announce rather than state: "In this chapter we will...", "Next, ...". */
const signposting =
  /\b(?:we will|we'll|we are going to|let us|let's|in this (?:chapter|section|lecture|class|handout|unit|part|module|course|note|document)|here we|we now|as (?:we|you) (?:saw|have seen)|recall that|next time|today|homework|due (?:on|by)|office hours|deadline|in class|from class)\b/i;
/**
 * What a summary never says: a line that leans on the one before ("Furthermore assume ...", "In the
 * multivariate case, we can do exactly the same", "In the basement of the museum, however, ..."), a
 * condition or assumption rather than a statement ("If the error is small, ..."), a pointer to a page
 * element or a citation ("From (5.40), ...", "Algorithm 3 is ...", "(Nocedal and Wright, 2006)"), or
 * a story's character ("Each step he will ...").
 */
const notCentral =
  /^(?:furthermore|moreover|besides|also|then|thus|hence|so|similarly|likewise|sometimes|assume|if|when|from|just as|as (?:mentioned|noted|before|above|discussed|shown)|to (?:find|compute|calculate|get|see|obtain)|an? (?:[\w-]+ )?example|in the (?:\w+ )?case|the (?:difference|trick|reason|idea|answer|result|problem|same) is)\b|\b(?:as|in) the \w+ example\b|\b(?:indicated|shown|depicted|illustrated|marked) (?:in|by)\b|\b(?:we )?assume that\b|\bwe assume\b|^to answer\b|\bwe again\b|\b(?:orange|blue|red|green|grey|gray|dashed|dotted|solid) (?:terms?|lines?|curves?|arrows?|boxes?|nodes?|areas?)\b|,\s*however,|\bexactly the same\b|\b(?:algorithm|figure|fig\.|table|equation|example|listing|section|chapter|slide)\s+\d|\(\d+\.\d+\)|\(\p{Lu}[\p{L}'’-]+(?: et al\.?)?(?: (?:and|&) \p{Lu}[\p{L}'’-]+)?,\s*\d{4}|\[[A-Z][A-Za-z+]*\d{2}[a-z]?\]|\b(?:he|she|his|her|him)\b|\b(?:our|ours|you|your|my)\b/iu;
const definitional = /\b(?:is|are)\s+(?:an?|the|defined|called|known)\b|\b(?:refers? to|means|denotes)\b/i;

/** Prose, not a formula read as text: words of two or more letters make up almost all of it. */
function isProse(sentence: string): boolean {
  const tokens = sentence.split(/\s+/);
  const wordLike = tokens.filter((t) => /^[(“"‘']?[\p{L}][\p{Ll}'’-]+[)”"’',.;:!?]*$/u.test(t)).length;
  return wordLike / tokens.length >= 0.85;
}

/** Sentences of the blocks that state something on their own, fit to summarise with. */
function statements(blocks: DocBlock[], exclude: Set<string>): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind !== 'paragraph' && b.kind !== 'list-item') continue;
    for (const raw of fastSentences(b.text)) {
      const s = cleanSentence(raw, { minWords: 8, maxWords: 45 });
      if (
        s &&
        /^[“"]?\p{Lu}\p{Ll}/u.test(s) &&
        !s.endsWith('?') &&
        !/\\\(/.test(s) &&
        !/^(?:remark|definition|example|theorem|lemma|proof|corollary|note|exercise|task|find|compute|try|show|prove|consider|imagine|suppose|write|print|read|send|use|give|list|explain|describe|calculate|determine|draw|plot)\b/i.test(
          s,
        ) &&
        !exclude.has(s) &&
        isProse(s) &&
        isStandaloneSentence(s) &&
        // A summary line is read out of its paragraph: "this binding instance" or "these cases" point back.
        !/\b(?:this|these|those)\s+\p{L}/iu.test(s) &&
        !signposting.test(s) &&
        !notCentral.test(s) &&
        // "Hint: ...", "Rule of thumb: ...", "Takeaway: ...": a remark under a label, not what the part states.
        !/^[\p{L}’' -]{2,24}:\s/u.test(s) &&
        !/^(?:acknowledge?ments?|thanks|if you find|try\b|obviously|apart from that|on the other hand|let me|i\b|i'm|i am|in posing)\b/i.test(
          s,
        )
      )
        out.push(s);
    }
  }
  return out;
}

/** The sentences that best say what a part is about: its definitions and the sentences that name its subject. */
function keySentences(title: string, blocks: DocBlock[], terms: KeyTerm[], count: number): string[] {
  const candidates = statements(blocks, new Set(terms.map((t) => t.definition)));
  const titleWords = new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 3)
      .map((w) => w.replace(/s$/, '')),
  );
  // Central sentences share their words with the rest of the part: a stray remark ("In the basement
  // of the museum, however, there are 6 additional paintings") shares few.
  const wordsOf = (s: string) => new Set((s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/s$/, '')));
  const bags = candidates.map(wordsOf);
  const df = new Map<string, number>();
  for (const bag of bags) for (const w of bag) df.set(w, (df.get(w) ?? 0) + 1);
  const centrality = (i: number) => {
    const bag = [...bags[i]];
    return bag.length && candidates.length > 2 ? bag.reduce((n, w) => n + (df.get(w)! - 1), 0) / bag.length / (candidates.length - 1) : 0;
  };
  const scored = candidates.map((s, i) => {
    const lower = s.toLowerCase();
    let score = 4 * centrality(i);
    for (const w of titleWords) if (lower.includes(w)) score += 1.5;
    if (definitional.test(s)) score += 1.5;
    if (terms.some((t) => lower.includes(t.term.toLowerCase()))) score += 1;
    return { s, i, score: score - i / Math.max(4, candidates.length) };
  });
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
}

/** Where a document asks its readers questions: a "Questions" or "Exercises" unit, a list of questions. */
const questionsTitle = /\b(?:questions?|exercises?|problems?|discussion|review|self-test|quiz)\b/i;
/** A question opens with a question word or an auxiliary ("Burrito, bowl, or tacos?" is a menu, not a question). */
const questionOpening =
  /^(?:how|why|what|which|when|where|who|whom|whose|is|are|was|were|can|could|does|do|did|should|would|will|has|have|explain|describe|compare|name|give|list|state)\b/i;
const personal = /\b(?:i|i'm|i've|we|we're|we'll|us|our|my|you|you're|your)\b/i;

/**
 * Questions the material itself puts to its readers ("Why are there only 13 DNS root servers?"),
 * from lists of questions and question or exercise units, when they read on their own.
 * Questions inside an explanation ("Would you count each chair?") are rhetorical and stay there.
 */
function ownQuestions(node: DocSection): string[] {
  const out: string[] = [];
  const visit = (n: DocSection, asking: boolean) => {
    for (const b of n.blocks) {
      if (!(asking && b.kind === 'paragraph') && b.kind !== 'list-item' && b.kind !== 'exercise') continue;
      const sentences = fastSentences(b.text);
      for (const [i, raw] of sentences.entries()) {
        const q = raw.replace(/^\s*(?:q|question)\s*\d*\s*[:.]\s*/i, '').trim();
        const words = q.split(/\s+/).length;
        if (!q.endsWith('?') || words < 6 || words > 40 || personal.test(q) || !questionOpening.test(q)) continue;
        // A problem's question after its setting ("A small museum ... What is the probability that the gallery remains
        // unchanged?") leans on it: asked with the setting when the two are short enough, else not at all.
        const setting = sentences.slice(0, i).filter((x) => !x.trim().endsWith('?'));
        if (setting.length) {
          const whole = [...setting, q].join(' ').replace(/\s+/g, ' ').trim();
          if (whole.split(/\s+/).length <= 90 && isStandaloneSentence(setting[0].trim())) out.push(whole);
          continue;
        }
        // Judged as a statement: "Why are there only 13 DNS root servers?" -> "The are there only 13 DNS root servers?".
        if (
          isStandaloneSentence(
            q.replace(
              /^(?:how|why|what|which|when|where|who|whom|whose|is|are|can|does|do|should|would|could)\b(?:\s+(?:many|much|might|does|do|is|are|can))?\s+/i,
              'The ',
            ),
          )
        )
          out.push(q);
      }
    }
    for (const c of n.children) visit(c, asking || questionsTitle.test(c.title));
  };
  // A unit without sections shows its own text right above its review: its questions are not asked twice
  // (a task's list "What is the expected weight of the bag?" would be repeated word for word just below it).
  if (node.children.length === 0) return [];
  visit(node, questionsTitle.test(node.title));
  return out;
}

/** One summary sentence per 200 words of a unit without sections, up to three; none for a unit too short to need one. */
function summaryLength(blocks: DocBlock[]): number {
  const words = blocks.reduce((n, b) => n + b.text.split(/\s+/).length, 0);
  return words < 120 ? 0 : Math.min(3, Math.max(1, Math.round(words / 200)));
}

/**
 * A question on what an objective names: "How does a combination differ from a permutation?",
 * "Compute the derivative of a polynomial (Example 5.2) again, then check each step against the text."
 * Undefined for an objective that gives no question of its own (definitions are asked term by term).
 */
function objectiveQuestion(objective: string): string | undefined {
  const o = objective.replace(/\.$/, '');
  const distinguish = /^Distinguish (.+) from (.+)$/.exec(o);
  if (distinguish) return `How does ${distinguish[1]} differ from ${distinguish[2]}?`;
  if (/^(?:Compute|Apply .+ to compute) .+ \((?:Example|Worked example) [^)]+\)$/.test(o))
    return `${o.replace(/ \(((?:Example|Worked example) [^)]+)\)$/, ', as in $1, without looking at its solution')}; then check each step against the text.`;
  if (/^Apply .+ \((?:Example|Worked example) [^)]+\)$/.test(o))
    return `${o.replace(/ \(((?:Example|Worked example) [^)]+)\)$/, ' as in $1, without looking at its solution')}; then check each step against the text.`;
  if (/^(?:Prove|Write) /.test(o)) return `${o}.`;
  if (/^Apply /.test(o)) return `Use ${o.replace(/^Apply /, '')} on one of the chapter's examples, step by step.`;
  return undefined;
}

/** "Explain X in your own words.": at most one question in five may be of this template kind. */
const templateShare = 5;

/** Exercises the unit itself sets, short enough to be asked as they are. */
function ownExercises(blocks: DocBlock[]): string[] {
  return blocks
    .filter((b) => b.kind === 'exercise')
    .map((b) => b.text.replace(/\s+/g, ' ').trim())
    .filter((t) => t.split(' ').length >= 6 && t.split(' ').length <= 45 && /[.?]$/.test(t) && !/\\\(|\$/.test(t));
}

/**
 * The close of a chapter: a summary (the sentences that best state each section, as the
 * material says them), its key terms with their definitions, and review questions (the
 * material's own questions first, then one on each key term and section). Empty when the
 * chapter gives nothing to draw them from.
 */
export function chapterReview(d: UnitDigest, options: RenderOptions = {}): string {
  if (d.kind !== 'teaching') return '';
  const parts: string[] = [];
  // A task or a worked example's setting (a café's counters, a factory's conveyor belt) is no content to summarise.
  const setting = (title: string, blocks: DocBlock[]) =>
    settingTitle.test(title) || blocks.filter((b) => fastSentences(b.text).some((x) => settingWords.test(x))).length >= 2;
  const summary =
    settingTitle.test(d.title) || (!d.sections.length && setting(d.title, d.blocks))
      ? []
      : d.sections.length
        ? d.sections
            .filter((s) => !setting(s.title, s.blocks))
            .map((s) => ({ title: inTextCase(s.title, d.casing), lines: keySentences(s.title, s.blocks, d.terms, 1) }))
            .filter((x) => x.lines.length > 0)
        : [{ title: '', lines: keySentences(d.title, d.blocks, d.terms, summaryLength(d.blocks)) }].filter((x) => x.lines.length > 0);
  if (summary.length) {
    const items = summary.flatMap((s) =>
      s.title ? [`<strong>${escapeHtml(upperFirst(s.title))}:</strong> ${inlineHtml(s.lines.join(' '))}`] : s.lines.map(inlineHtml),
    );
    parts.push(`<h3>Summary</h3><ul>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ul>`);
  }
  if (d.terms.length) {
    const items = d.terms.map(
      (t) =>
        `<li><p><strong>${escapeHtml(t.term)}</strong>: ${inlineHtml(t.definition)}</p>${t.equation ? renderBlocks([t.equation], options) : ''}</li>`,
    );
    parts.push(`<h3>Key Terms</h3><ul>${items.join('')}</ul>`);
  }
  const questions: string[] = [];
  const ask = (q: string) => {
    if (questions.length < 8 && !questions.some((x) => x.toLowerCase() === q.toLowerCase())) questions.push(q);
  };
  for (const q of d.questions.slice(0, 3)) ask(q);
  for (const q of ownExercises(d.blocks).slice(0, 2)) ask(q);
  for (const t of d.terms.slice(0, 4)) {
    const phrase = termPhrase(t, d.casing);
    // A bare singular ("Taylor series") reads wrongly after "What is": ask what is meant by it.
    ask(t.plural || /^(?:the|an?) /.test(phrase) ? `What ${t.plural ? 'are' : 'is'} ${phrase}?` : `What is meant by ${phrase}?`);
  }
  for (const o of unitObjectives(d)) {
    const q = objectiveQuestion(o);
    if (q) ask(q);
  }
  if (d.examples[0] && !questions.some((q) => q.includes(`${d.examples[0].label},`)))
    ask(`Work ${d.examples[0].label} again without looking at its solution, then check each step against the text.`);
  // Then, only as one question in five, a section's topic in the student's own words.
  const asked = questions.join(' ').toLowerCase();
  let templates = Math.floor(questions.length / (templateShare - 1));
  for (const s of collapseSeries(teachingHeadings(d))) {
    if (templates <= 0) break;
    const phrase = inTextCase(s.title, d.casing);
    if (asked.includes(phrase.toLowerCase()) || labelledWorkOf(s.title) || objectObjection(phrase, d.casing)) continue;
    const objective = objectiveForHeading(s.title, d.casing);
    if (!/^(?:Explain|Describe) /.test(objective)) continue;
    ask(`${objective} in your own words.`);
    templates--;
  }
  if (questions.length)
    parts.push(`<h3>Review Questions</h3><ol>${questions.map((q) => `<li><p>${escapeHtml(q)}</p></li>`).join('')}</ol>`);
  return parts.join('');
}
