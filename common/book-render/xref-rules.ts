/**
 * The textual rules of numbering and cross-references, on plain text: what labels a caption or a numbered unit
 * ("Figure 2.3: ...", "Example 2.13 (Title)", a line "(2.17)"), and what in running text refers to one ("see
 * Figure 2.3", "(2.17)", "Eq. (3)", "Exercise 4", "Sentence 16"). numbering.ts and cross-refs.ts apply them to the
 * book's blocks; they hold no knowledge of blocks themselves.
 */

/** What a number can belong to. "unit" kinds (definition, theorem, ...) are numbered only where the source numbered them. */
export type TargetKind =
  | 'figure'
  | 'table'
  | 'equation'
  | 'example'
  | 'exercise'
  | 'sentence'
  | 'definition'
  | 'theorem'
  | 'lemma'
  | 'proposition'
  | 'corollary'
  | 'remark';

/** The kinds the book numbers per chapter where the source did not. */
export const numberedKinds: readonly TargetKind[] = ['figure', 'table', 'equation', 'example', 'exercise'];

/** A label: "3", "2.17", "5.25e". */
const num = String.raw`\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?`;

const captionWords: Record<string, TargetKind> = {
  figure: 'figure',
  fig: 'figure',
  table: 'table',
  example: 'example',
  exercise: 'exercise',
  problem: 'exercise',
  definition: 'definition',
  theorem: 'theorem',
  lemma: 'lemma',
  proposition: 'proposition',
  corollary: 'corollary',
  remark: 'remark',
};

/** "Figure 2.3: ...", "Fig. 4 ...", "Table 1.2", "Example 2.13 (Title)", "Exercise 4." at the start of a paragraph. */
const labelledStart = new RegExp(
  String.raw`^\s*(Figure|Fig\.|Table|Example|Exercise|Problem|Definition|Theorem|Lemma|Proposition|Corollary|Remark)\s*(${num})(?=$|[\s:.)(—–-])`,
);

/** The kind and label a paragraph's text opens with, if it is a caption or a numbered unit. */
export function labelAtStart(text: string): { kind: TargetKind; label: string; length: number } | null {
  const m = labelledStart.exec(text);
  // "Figure 5.4 shows ..." is a sentence about the figure, not its caption: a caption's label ends it, or is
  // followed by punctuation or a capital ("Figure 5.3 The average incline ...").
  if (!m || /^\s+[a-z]/.test(text.slice(m[0].length))) return null;
  return { kind: captionWords[m[1].replace(/\.$/, '').toLowerCase()], label: m[2], length: m[0].length };
}

/** A caption or unit title that carries no number: "Figure: ...", "Example.", "Exercise (warm-up)". */
const unnumberedStart = /^\s*(Figure|Table|Example|Exercise)(?=\s*(?:$|[:.(—–-]))/;

/** The kind of an unnumbered caption or unit title at the start of a paragraph, and where its word ends. */
export function unnumberedAtStart(text: string): { kind: TargetKind; end: number } | null {
  const m = unnumberedStart.exec(text);
  if (!m) return null;
  return { kind: captionWords[m[1].toLowerCase()], end: m.index + m[0].length };
}

/** A paragraph that is only equation numbers, as imported documents carry them beside a formula: "(5.3)", "(5.20), (5.21)". */
const labelLine = new RegExp(String.raw`^\s*\((${num})\)(?:\s*[,;–-]?\s*\((${num})\))*\s*$`);

export function equationLabels(text: string): string[] {
  if (!labelLine.test(text)) return [];
  return [...text.matchAll(new RegExp(String.raw`\((${num})\)`, 'g'))].map((m) => m[1]);
}

/** The number a formula drawn as a picture carries at the start or end of its text: "(5.34) h(x) = ..." or "... = 1 (5.34)". */
export function altEquationLabel(alt: string): string | null {
  const m = new RegExp(String.raw`^\s*\((\d{1,3}\.\d{1,3}[a-z]?)\)\s|\s\((\d{1,3}\.\d{1,3}[a-z]?)\)\s*$`).exec(alt);
  return m ? (m[1] ?? m[2]) : null;
}

/** `\tag{2.3}` in a display formula. */
export function tagOf(latex: string): string | null {
  const m = /\\tag\*?\{\s*([^{}]{1,12}?)\s*\}/.exec(latex);
  return m ? m[1] : null;
}

const refWords: Record<string, TargetKind> = {
  figure: 'figure',
  figures: 'figure',
  fig: 'figure',
  figs: 'figure',
  table: 'table',
  tables: 'table',
  equation: 'equation',
  equations: 'equation',
  eq: 'equation',
  eqs: 'equation',
  eqn: 'equation',
  example: 'example',
  examples: 'example',
  exercise: 'exercise',
  exercises: 'exercise',
  problem: 'exercise',
  sentence: 'sentence',
  sentences: 'sentence',
  definition: 'definition',
  theorem: 'theorem',
  lemma: 'lemma',
  proposition: 'proposition',
  corollary: 'corollary',
  remark: 'remark',
};

const refPattern = new RegExp(
  String.raw`\b(Figures?|Figs?\.|Tables?|Equations?|Eqs?\.|Eqn\.|Examples?|Exercises?|Problem|Sentences?|Definition|Theorem|Lemma|Proposition|Corollary|Remark)(?:\s|(?<=\.))(\(${num}\)|${num})(?!\w|\.\d)|(?<![\w(])\((\d{1,3}\.\d{1,3}[a-z]?)\)`,
  'gi',
);

/** A reference in running text: where it lies, what kind of thing it names and the label it names. */
export interface TextReference {
  start: number;
  end: number;
  kind: TargetKind;
  label: string;
}

/**
 * The references in a piece of running text. A bare "(2.17)" counts only with a dotted number (a bare "(3)" is
 * more often an enumeration than an equation); "Eq. (3)" and "Equation 3" count with any number.
 */
export function findReferences(text: string): TextReference[] {
  const out: TextReference[] = [];
  for (const m of text.matchAll(refPattern)) {
    if (m.index === undefined) continue;
    if (m[3]) {
      out.push({ start: m.index, end: m.index + m[0].length, kind: 'equation', label: m[3] });
      continue;
    }
    const word = m[1].replace(/\.$/, '').toLowerCase();
    const kind = refWords[word];
    // Lower-case kinds are prose ("a theorem 3 lines long" is rare, "figure 3" is common): only the usual ones.
    if (!kind || (m[1][0] === m[1][0].toLowerCase() && !['figure', 'table', 'equation'].includes(kind))) continue;
    const label = m[2].replace(/^\((.*)\)$/, '$1');
    out.push({ start: m.index, end: m.index + m[0].length, kind, label });
  }
  return out;
}

/** A heading or section title that opens a chapter's exercises. */
export const isExercisesTitle = (title: string) =>
  /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:practice|review|end-of-chapter)\s+)?(exercises|problems|problem set)\s*$/i.test(title);

/** A heading or section title that opens solutions: "Solutions", "Solutions to selected exercises", "Answers". */
export const isSolutionsTitle = (title: string) =>
  /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(solutions?|answers?)(?:\s+(?:to|for)\s+(?:the\s+)?(?:selected\s+|odd-numbered\s+)?(exercises|problems|questions))?\s*$/i.test(
    title,
  );

/** "Chapter 2", "2 Vectors", "Chapter 2: Vectors": the chapter a part of back-matter solutions answers. */
export function chapterOfTitle(title: string): number | null {
  const m = /^\s*(?:chapter\s+)?(\d{1,3})(?:\s|[:.]|$)/i.exec(title);
  return m ? Number(m[1]) : null;
}

/** "3.", "3)", "(3)", "Exercise 3", "Solution 3", "2.4" at the start of a solution: the exercise it answers. */
export function solutionLabelAtStart(text: string): string | null {
  const m = new RegExp(
    String.raw`^\s*(?:(?:Exercise|Solution|Answer|Problem)\s+(${num})[.:)]?|\(?(${num})[.):]|(\d{1,3}\.\d{1,3}))(?=\s|$)`,
    'i',
  ).exec(text);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}
