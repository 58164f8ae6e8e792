/**
 * Measures of the study apparatus and quizzes of a book, written from the rubric in
 * docs/quality-review.md and independently of the engine's own filters, so the report can catch
 * them out: objectives that only repeat a heading, review questions of the "in your own words"
 * kind, key terms whose definition is not a whole sentence, quiz items failing an automatic check.
 */
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';

export interface ApparatusLists {
  objectives: string[];
  reviewQuestions: string[];
  keyTerms: Array<{ term: string; definition: string; formula?: boolean }>;
}

/** The items of the list under an apparatus heading ("Learning Objectives") in one chapter's HTML, as HTML. */
function itemsUnder(html: string, heading: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(new RegExp(`<h3>${heading}</h3>(?:<p>[^<]*</p>)?<([uo])l>([\\s\\S]*?)</\\1l>`, 'g')))
    for (const li of m[2].matchAll(/<li>([\s\S]*?)<\/li>/g)) out.push(li[1]);
  return out;
}
/** The text of an item with its inline formulas as \\(latex\\): htmlToText alone drops them, and "f : → is called" would read as lost symbols. */
export const textOf = (html: string) =>
  htmlToText(html.replace(/<span data-type="inline-math" data-latex="([^"]*)"><\/span>/g, (_m, latex: string) => `\\(${latex}\\)`));
const listUnder = (html: string, heading: string) => itemsUnder(html, heading).map((li) => textOf(li));

/**
 * A key term's line: the term, its defining sentence (the item's first paragraph) and whether the formula that sentence
 * leads into ("is defined as") is printed under it in the item.
 */
function keyTermOf(li: string): { term: string; definition: string; formula: boolean } {
  const first = /^<p>([\s\S]*?)<\/p>/.exec(li.trim());
  const line = textOf(first ? first[1] : li);
  const formula = !!first && /\S/.test(li.trim().slice(first[0].length));
  const at = line.indexOf(': ');
  return at < 0 ? { term: line, definition: '', formula } : { term: line.slice(0, at), definition: line.slice(at + 2), formula };
}

/** The objectives, review questions and key terms the book prints, over all chapters. */
export function apparatusOf(book: TextbookContent): ApparatusLists {
  const html = book.chapters.map((c) => c.content + c.sections.map((s) => s.content).join('')).join('');
  return {
    objectives: listUnder(html, 'Learning Objectives'),
    reviewQuestions: listUnder(html, 'Review Questions'),
    keyTerms: itemsUnder(html, 'Key Terms').map(keyTermOf),
  };
}

/** Every chapter and section title of the book. */
export function headingsOf(book: TextbookContent): string[] {
  return book.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]);
}

const bare = (t: string) =>
  t
    .toLowerCase()
    .replace(/^(?:the|an?)\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * An objective that only puts a verb in front of a heading of the book ("Explain names.", "Apply
 * differentiation rules."). An objective naming what the unit does with it is specific even when
 * its term is also a heading: "Define the Taylor series." (the unit defines it), "Compute ... (Example 5.2)".
 */
export function repeatsHeading(objective: string, headings: string[]): boolean {
  const o = objective.trim().replace(/\.$/, '');
  if (/\((?:Example|Theorem|Lemma|Task|Exercise)\b[^)]*\)$/.test(o) || /^(?:Define|Distinguish|Prove|Compute) /.test(o)) return false;
  const object = o.replace(/^\S+(?:\s+(?:through|what|how to|why))?\s+/i, '');
  return new Set(headings.map(bare)).has(bare(object));
}

/** "Explain X in your own words.", "Compare A vs. B: what do they share and where do they differ?": a template, not a question on the unit. */
export function isOwnWordsQuestion(question: string): boolean {
  return /\bin your own words\b|^compare .+ vs\.? .+: what do they share/i.test(question.trim());
}

/** Why a key term's definition is not a whole defining sentence, or undefined. */
export function definitionDefect(definition: string, formula = false): string | undefined {
  const d = definition.trim();
  if (!d) return 'no definition';
  if (!/^[“"‘(]?[\p{Lu}\d]/u.test(d)) return 'starts mid-sentence';
  if (/[-‐]$/.test(d)) return 'cut at a hyphen';
  // "... is defined as" with its formula printed under it is a whole definition.
  if (!/[.!?]["”’)]?$/.test(d) && !(formula && /\b(?:as|by|is|are)\s*:?$/i.test(d))) return 'no full stop';
  if (/\s[,;:]\s*[,;:.]|\.\s\.\s\.|\bof\s*[,.]/.test(d)) return 'symbols lost';
  return undefined;
}

export type QuizItem = { type?: string; prompt: string; options?: string[]; answer?: string; source?: string };

const isNumber = (s: string) => /^[-+]?\d[\d,]*(?:\.\d+)?\s*%?$/.test(s.trim());
const isYear = (s: string) => /^(?:1[5-9]|20)\d\d$/.test(s.trim());
const leansOnUnseenText =
  /^(?:this|these|those|such|it|they|hence|thus|therefore|however|then|here)\b|\b(?:the (?:latter|former|above|previous|following)|as (?:above|before|shown)|(?:this|these) (?!book\b|chapter\b|course\b|section\b|text\b)\p{L}+|the \p{L}+ (?:hence|thus|therefore))\b/iu;
const everyTextWord =
  /^(?:algorithms?|information|systems?|methods?|data|values?|results?|functions?|things?|way|process|problems?|examples?)$/i;
const statementOf = (prompt: string) => prompt.replace(/^(?:fill in the blank|true or false)\s*:\s*/i, '');

/** The automatic checks of the rubric a quiz item fails (quiz-wide: `repeatedKey`). */
export function quizItemFailures(q: QuizItem): string[] {
  const out: string[] = [];
  const statement = statementOf(q.prompt);
  const answer = (q.answer ?? '').trim();
  const closed = q.type === 'multiple-choice' || /_{3,}/.test(q.prompt);
  if (closed && q.source && answer && !q.source.toLowerCase().includes(answer.toLowerCase().replace(/s$/, '')))
    out.push('key not in source');
  if (/\?$/.test(answer)) out.push('key is a question');
  if (
    /\([^)]*\p{Lu}[^)]*_{3,}[^)]*\)|\([^)]*_{3,}[^)]*\d{4}[^)]*\)/u.test(q.prompt) ||
    (isYear(answer) && /et al|\p{Lu}\p{Ll}+,\s*_{3,}/u.test(q.prompt))
  )
    out.push('citation year');
  if (
    /\b(?:figure|fig\.|table|equation|eq\.|algorithm|listing)\s*\(?\d|\(\d+\.\d+[a-z]?\)|https?:\/\/|\[[A-Z][\w+]*\d{2}\]/i.test(q.prompt)
  )
    out.push('page element');
  if (q.type === 'multiple-choice' && q.options?.length) {
    const kind = (o: string) => (isYear(o) ? 'year' : isNumber(o) ? 'number' : 'words');
    if (q.options.some((o) => kind(o) !== kind(answer))) out.push('options of mixed kinds');
  }
  if (/^(?:suppose|imagine|assume|consider|let)\b/i.test(statement.trim()) && closed) out.push('made-up setting');
  // "this probability", "in the latter case", "the algorithm hence": the prompt points back at text the student is not shown.
  if (closed && leansOnUnseenText.test(statement)) out.push('leans on unseen text');
  // "algorithm", "information": a blank every text could fill.
  if (closed && everyTextWord.test(answer)) out.push('key every text uses');
  return out;
}

/** Indexes of items whose key an earlier item of the same quiz already has (true/false aside). */
export function repeatedKeys(items: QuizItem[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((q, i) => {
    if (q.type === 'true-false' || !q.answer) return;
    const key = q.answer
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}

const share = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : 'n/a');

/** One row of the apparatus table for a book and its chapters' quizzes (undefined: the request was refused). */
export function apparatusRow(
  book: TextbookContent,
  quizzes: Array<{ chapterWords: number; items?: QuizItem[]; noProse?: boolean }>,
): { cells: string[]; details: string[] } {
  const a = apparatusOf(book);
  const headings = headingsOf(book);
  const repeating = a.objectives.filter((o) => repeatsHeading(o, headings));
  const ownWords = a.reviewQuestions.filter(isOwnWordsQuestion);
  const cut = a.keyTerms.map((t) => ({ t, why: definitionDefect(t.definition, t.formula) })).filter((x) => x.why);
  const failures = new Map<string, number>();
  const details: string[] = [];
  let items = 0;
  for (const q of quizzes) {
    if (!q.items) continue;
    items += q.items.length;
    q.items.forEach((item, i) => {
      for (const f of quizItemFailures(item)) {
        failures.set(f, (failures.get(f) ?? 0) + 1);
        details.push(`${f}: ${item.prompt}`);
      }
      if (repeatedKeys(q.items!).includes(i)) {
        failures.set('repeated key', (failures.get('repeated key') ?? 0) + 1);
        details.push(`repeated key: ${item.prompt}`);
      }
    });
  }
  // A chapter without prose (lists, tables or code only) is refused with that reason, as it should be: not counted.
  const refused = quizzes.filter((q) => !q.items && q.chapterWords > 150 && !q.noProse).length;
  details.push(
    ...repeating.map((o) => `objective repeats a heading: ${o}`),
    ...cut.map((x) => `key term ${x.why}: ${x.t.term}: ${x.t.definition}`),
  );
  return {
    cells: [
      `${share(repeating.length, a.objectives.length)} (${repeating.length}/${a.objectives.length})`,
      `${share(ownWords.length, a.reviewQuestions.length)} (${ownWords.length}/${a.reviewQuestions.length})`,
      `${cut.length}/${a.keyTerms.length}`,
      `${[...failures.values()].reduce((x, y) => x + y, 0)}/${items}${failures.size ? ` (${[...failures].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
      `${refused}`,
    ],
    details,
  };
}

export const apparatusHeader = [
  'objectives repeating a heading',
  'own-words review questions',
  'key terms not whole',
  'quiz items failing',
  'refused (>150 w)',
];
