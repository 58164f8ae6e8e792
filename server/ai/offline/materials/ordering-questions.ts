import type { BookSentence } from '@server/ai/shared/book-sentences';
import { seedOf } from './distractors';
import type { QuestionCandidate } from './questions';

/**
 * Ordering items: the steps of a procedure the text states in order ("must first queue for cold
 * food, then hot food, and then take both to the till and pay"; "First, ... Then, ... Finally,
 * ..."), printed shuffled and lettered, the key the letters in the text's order. The order is the
 * text's own, stated by its words "first", "then", "finally", so the key is never a guess of ours;
 * three steps at least, so the item is more than a coin toss.
 */
export interface Procedure {
  /** Who or what goes through the steps ("customers wanting both hot and cold food"), when the text names it. */
  actor?: string;
  steps: string[];
  /** The sentences stating it, as printed. */
  sources: BookSentence[];
}

const letters = 'ABCDEFGH';
const prepositions = /^(?:for|to|at|in|on|with|from|into|onto|through|by)$/i;
const stepWord = /^(?:then|next|after that|afterwards|finally|lastly)\b,?\s*/i;

/** "then hot food" after "queue for cold food": the step repeats the first one's verb, which the text leaves out. */
function withVerb(step: string, first: string): string {
  const words = first.split(/\s+/);
  const verbEnd = prepositions.test(words[1] ?? '') ? 2 : 0;
  const s = step.split(/\s+/);
  if (!verbEnd || s.length > 3 || s.some((w) => prepositions.test(w))) return step;
  return `${words.slice(0, verbEnd).join(' ')} ${step}`;
}

const tidy = (s: string) =>
  s
    .trim()
    .replace(/^(?:and|or)\s+/i, '')
    .replace(/[,;:.]+$/, '')
    .trim();

/** Steps in one sentence: "<actor> must first A, then B, and then C." */
function inOneSentence(s: BookSentence): Procedure | undefined {
  const m = /^(.*?)\b(?:(?:must|will|should|can|may|need to|have to)\s+)?first\s+(.+)[.!]$/i.exec(s.plain);
  if (!m) return undefined;
  const parts = m[2].split(/,\s*(?:and\s+)?(?=(?:then|next|after that|finally|lastly)\b)/i).map((p) => tidy(p.replace(stepWord, '')));
  if (parts.length < 3 || parts.some((p) => p.split(/\s+/).length < 2 || p.split(/\s+/).length > 14)) return undefined;
  const steps = parts.map((p, i) => (i === 0 ? p : withVerb(p, parts[0])));
  const actor = tidy(m[1]);
  return { actor: actor ? actor[0].toLowerCase() + actor.slice(1) : undefined, steps, sources: [s] };
}

/** Steps over consecutive sentences of one part: "First, ...", "Then, ...", "Finally, ...". */
function overSentences(list: BookSentence[], at: number): Procedure | undefined {
  const first = /^first(?:ly)?\b,?\s*(.+)[.!]$/i.exec(list[at].plain);
  if (!first) return undefined;
  const steps = [tidy(first[1])];
  const sources = [list[at]];
  for (let i = at + 1; i < list.length; i++) {
    const s = list[i];
    if (s.chapterIndex !== list[at].chapterIndex || s.sectionTitle !== list[at].sectionTitle) break;
    const m = /^(?:then|next|after that|afterwards|finally|lastly)\b,?\s*(.+)[.!]$/i.exec(s.plain);
    if (!m) break;
    steps.push(tidy(m[1]));
    sources.push(s);
    if (/^(?:finally|lastly)\b/i.test(s.plain)) break;
  }
  if (steps.length < 3 || steps.some((p) => p.split(/\s+/).length > 20)) return undefined;
  return { steps, sources };
}

/** The procedures a list of sentences states in order. */
export function findProcedures(sentences: readonly BookSentence[]): Procedure[] {
  const out: Procedure[] = [];
  const list = [...sentences];
  for (let i = 0; i < list.length; i++) {
    const p = inOneSentence(list[i]) ?? overSentences(list, i);
    if (p) {
      out.push(p);
      i += p.sources.length - 1;
    }
  }
  return out;
}

/** A shuffle of the steps that is never the text's own order, the same for the same text. */
function shuffled(n: number, seed: number): number[] {
  const order = [...Array(n).keys()];
  let s = seed || 1;
  for (let i = n - 1; i > 0; i--) {
    s = Math.imul(s ^ (s >>> 15), 2246822519) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  // The text's order printed as is would make "A, B, C" the key: turn it one step.
  return order.every((x, i) => x === i) ? [...order.slice(1), order[0]] : order;
}

export function orderingQuestions(sentences: readonly BookSentence[]): QuestionCandidate[] {
  return findProcedures(sentences).map((p) => {
    const text = p.sources.map((s) => s.text).join(' ');
    const printed = shuffled(p.steps.length, seedOf(text));
    const where = p.sources[0].sectionTitle ? `${p.sources[0].chapterTitle} - ${p.sources[0].sectionTitle}` : p.sources[0].chapterTitle;
    const listed = printed.map((step, i) => `(${letters[i]}) ${p.steps[step]}`).join('; ');
    const key = p.steps.map((_, step) => letters[printed.indexOf(step)]).join(', ');
    const prompt = p.actor
      ? `In "${where}", in what order ${/^(?:an?|one|each|every)\b|[^s]$/i.test(p.actor) ? 'does' : 'do'} ${p.actor} do these steps? ${listed}.`
      : `Put the steps "${where}" describes in the order it gives them: ${listed}.`;
    return {
      question: {
        type: 'short-answer' as const,
        prompt,
        answer: key,
        explanation: `The text gives the order: ${p.steps.join(', then ')}. Rubric: one mark for each step in its place (${p.steps.length} marks).`,
        source: text,
      },
      source: p.sources[0],
      answerKey: `order:${p.sources[0].order}`,
      kind: 'ordering' as const,
    };
  });
}
