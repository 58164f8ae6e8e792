/**
 * Headings and terms written into sentences (objectives, overviews, questions) the way the
 * material itself writes them: "Taylor Series" becomes "the Taylor series" because the text
 * says "the Taylor series"; "Plotting a regression line" becomes "Plot a regression line".
 * Pure functions over text, so the analysis step, the chapter apparatus and the materials
 * phrase things alike.
 */

const wordPattern = /[\p{L}][\p{L}\p{N}'’-]*/gu;
/** Words a title leaves in lower case. */
const titleSmallWords = new Set('a an the of for and or in on to at by with from as vs via into'.split(' '));
/** An article is capitalised by position (a sentence's or a title's first word, "The Economist"), never as a name of its own. */
const articles = new Set(['the', 'a', 'an']);

/** How the material writes each word mid-sentence: capitalised (a name: Taylor, Jacobian) or lower case. */
export class CasingIndex {
  private readonly lower = new Map<string, number>();
  private readonly capital = new Map<string, number>();
  private readonly phraseCounts = new Map<string, { the: number; indefinite: number; total: number }>();

  constructor(private readonly text: string) {
    // Words after a sentence end, a line start, a colon or an opening quote are capitalised by position, not by name;
    // so is every word of a run of three or more capitalised words (a title, a running head).
    for (const line of text.split(/\n+/)) {
      // Small words inside a title ("Useful Identities for Computing Gradients") do not break its run of capitals.
      const tokens = [...line.matchAll(/(^|[.!?:]\s+|[\s(“"‘'\u2013-]+)([\p{L}][\p{L}\p{N}'’-]*)/gu)].filter(
        (m) => !titleSmallWords.has(m[2]),
      );
      const capital = (t?: RegExpMatchArray) => !!t && /^\p{Lu}/u.test(t[2]) && !/[.!?:]\s+$/.test(t[1]);
      tokens.forEach((m, i) => {
        const word = m[2];
        const key = word.toLowerCase();
        if (articles.has(key)) return;
        if (/^\p{Ll}/u.test(word)) {
          this.lower.set(key, (this.lower.get(key) ?? 0) + 1);
          return;
        }
        const inRun =
          (capital(tokens[i - 1]) && (capital(tokens[i - 2]) || capital(tokens[i + 1]))) ||
          (capital(tokens[i + 1]) && capital(tokens[i + 2]));
        // A capital after an en dash joins two names ("Newton–Cotes", "Gauß–Hermite").
        if (i > 0 && /^\s+$|^\($|^\u2013$/.test(m[1]) && /^\p{Lu}\p{Ll}/u.test(word) && !inRun)
          this.capital.set(key, (this.capital.get(key) ?? 0) + 1);
      });
    }
  }

  /** True when the material writes the word with a capital mid-sentence and (almost) never without. */
  isName(word: string): boolean {
    const key = word.toLowerCase();
    const lower = this.lower.get(key) ?? 0;
    const capital = this.capital.get(key) ?? 0;
    // A running head or a title may capitalise a common word many times; a name is (almost) never written in lower case.
    return capital > 0 && lower < 2 && lower * 4 < capital;
  }

  /** True when the material uses the word at all (in any case). */
  knows(word: string): boolean {
    const key = word.toLowerCase();
    return this.lower.has(key) || this.capital.has(key);
  }

  /** How the material introduces a phrase: with "the", with "a"/"an", or bare. */
  usage(phrase: string): { the: number; indefinite: number; total: number } {
    const key = phrase.toLowerCase();
    let found = this.phraseCounts.get(key);
    if (!found) {
      found = { the: 0, indefinite: 0, total: 0 };
      const re = new RegExp(`(\\b(?:the|an?)\\s+)?(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'giu');
      for (const m of this.text.matchAll(re)) {
        found.total++;
        const article = m[1]?.trim().toLowerCase();
        if (article === 'the') found.the++;
        else if (article) found.indefinite++;
      }
      this.phraseCounts.set(key, found);
    }
    return found;
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An acronym, a symbol or a word with capitals inside ("RSA", "M/M/1", "SpiderMonkey", "p-values" stays). */
function keepsItsCase(word: string): boolean {
  return /\p{Lu}/u.test(word.slice(1)) || /\d/.test(word) || (word.length === 1 && /\p{Lu}/u.test(word) && word !== 'A');
}

/**
 * A heading as it reads mid-sentence: each word in the case the material writes it
 * ("Taylor Series" -> "Taylor series", "Basic Rules of Partial Differentiation" ->
 * "basic rules of partial differentiation"); numbering and closing punctuation removed.
 */
export function inTextCase(heading: string, casing: CasingIndex): string {
  const title = heading
    .replace(/\s+/g, ' ')
    .replace(/[\s.:;,…?!]+$/u, '')
    .trim();
  const caseWord = (word: string): string => {
    if (keepsItsCase(word)) return word;
    if (/^\p{Lu}/u.test(word) && casing.isName(word)) return word;
    return word.toLowerCase();
  };
  // "Vector-Valued": each part of a hyphenated word on its own.
  return title.replace(wordPattern, (word) => (/\p{L}-\p{Lu}/u.test(word) ? word.split('-').map(caseWord).join('-') : caseWord(word)));
}

/**
 * "a" or "an" by the sound the word starts with: "an integral", "a one-to-many relationship",
 * "a unit", "a European", "an hour", "an SQL query".
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  if (/^[A-Z]{2,}\b/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (/^(?:one\b|once\b|uni(?!nt|mp|nf|nd|nh|ns)|use|usu|uti|ura|uro|eu|ewe|ubiq|ufo)/i.test(word)) return 'a';
  if (/^(?:hour|honest|honou?r|heir)/i.test(word)) return 'an';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** "the Taylor series", "gradients", "a random variable": the phrase with the article the material gives it. */
export function withArticle(phrase: string, casing: CasingIndex, original = phrase): string {
  if (/^(?:the|a|an)\s/i.test(phrase)) return phrase;
  const usage = casing.usage(original);
  if (usage.total === 0) return phrase;
  if (usage.the * 3 >= usage.total && usage.the >= usage.indefinite) return `the ${phrase}`;
  if (usage.indefinite * 3 >= usage.total) return `${indefiniteArticle(phrase)} ${phrase}`;
  // A singular noun the text gives "the" at all ("the Taylor series" beside "Taylor series expansion") takes it.
  const singular = !/[^s]s$/i.test(phrase.split(' ').pop() ?? '') || /series$/i.test(phrase);
  // Not an abstract noun the text mostly writes bare ("automatic differentiation"): its one "the" belongs to a longer
  // compound ("the automatic differentiation approach"), and "Define the automatic differentiation." is not English.
  const abstract = /(?:tion|sion|ment|ing|ity|ness|ics|ence|ance|ysis)$/i.test(phrase);
  if (singular && !abstract && usage.the > 0 && usage.the >= usage.indefinite) return `the ${phrase}`;
  return phrase;
}

/** "x" -> "X" at the start of a sentence. */
export function upperFirst(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "a, b and c". */
export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const determiners = /^(?:a|an|the|your|their|its|our|his|her|this|these|those|each|every|one|two|data|simple|multiple)$/i;

/**
 * A heading that opens with a verb seldom used as a noun, followed by its object (not by a
 * preposition: "Use of AI in assignments" is a noun phrase): an instruction to the reader.
 */
const imperativeHeading =
  /^(?:add|define|get|make|create|install|import|export|load|compute|calculate|derive|estimate|interpret|implement|construct|solve|prove|identify|classify|predict|choose|select|compare|apply|summari[sz]e|write|build|use|find|remove|delete|insert|update|join|download|upload|open|save|fit|simulate|evaluate|analy[sz]e|visuali[sz]e|convert|transform|set up)\s+(?!(?:of|in|on|for|and|or|with|to|as|at|by|from|vs\.?|versus)\b)\p{L}/iu;

/** Measurable verbs a heading's gerund may become ("Plotting a regression line" -> "Plot a regression line"). */
export const skillVerbs = new Set(
  (
    'plot compute calculate evaluate derive estimate fit model simulate test interpret implement construct solve prove measure ' +
    'draw build use run write design analyze analyse identify classify predict sketch graph choose select count approximate ' +
    'differentiate integrate optimize optimise encrypt decrypt verify check compare apply explain describe define summarize ' +
    'create program code debug read visualize visualise transform convert factor expand simplify represent encode decode sample ' +
    'reduce sort search rank schedule configure install deploy secure attack protect detect diagnose assess plan organize'
  ).split(' '),
);

/** "Plotting" -> "Plot", "Evaluating" -> "Evaluate", "Running" -> "Run": the imperative of a gerund. */
export function imperativeOf(gerund: string, casing?: CasingIndex): string | undefined {
  const w = gerund.toLowerCase();
  if (!/^[a-z]{3,}ing$/.test(w)) return undefined;
  const stem = w.slice(0, -3);
  const candidates = [
    /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(ll|ss|ff|zz)$/.test(stem) ? stem.slice(0, -1) : undefined,
    stem,
    `${stem}e`,
  ].filter((c): c is string => !!c && c.length >= 2);
  // The material's own use of the verb decides ("compute" over "comput"); otherwise the usual English rules.
  const known = casing ? candidates.find((c) => casing.knows(c)) : undefined;
  let verb = known;
  if (!verb) {
    if (candidates.length === 3) verb = candidates[0];
    else if (/(?:at|iz|is|ur|ut|lv|rv|dg|g|v|c|s|[bcdfgkpt]l)$/.test(stem) && !/(?:ss|ng)$/.test(stem)) verb = `${stem}e`;
    else verb = stem;
  }
  return upperFirst(verb);
}

/** A heading asked as a question ("How do we calculate p-values...?"): the skill it asks for. */
export function skillOfQuestion(heading: string): string | undefined {
  const q = heading.replace(/[\s.…?!]+$/u, '').trim();
  const how = /^how (?:do|does|can|should|would|to) (?:we |you |one |i |it |they )?(.+)$/i.exec(q);
  if (how) return `Explain how to ${how[1]}`;
  const what = /^what (is|are) ((?:an? |the )?.+)$/i.exec(q);
  if (what) return `Explain what ${what[2]} ${what[1].toLowerCase()}`;
  const why = /^why (?:do|does|is|are|did) (.+)$/i.exec(q);
  if (why) return `Explain why ${why[1]}`;
  if (/\?\s*$/.test(heading)) return `Answer the question "${q}?"`;
  return undefined;
}

/** "Example 5.3 (Taylor Polynomial)", "Example A: Falling Fridge Magnets", "Task 2 - An M/G/c Queue". */
const labelledWork =
  /^(example|worked example|task|exercise|problem|activity|case study|lab)\s+([\p{Lu}\d][\w.]*)\s*(?:\(([^)]{3,80})\)|[:.\-–—]\s*(.{3,80}))?\s*$/iu;

export interface LabelledWork {
  kind: string;
  label: string;
  subject?: string;
}

/** The label and subject of a worked example or task heading, when it is one. */
export function labelledWorkOf(text: string): LabelledWork | undefined {
  const m = labelledWork.exec(text.replace(/\s+/g, ' ').trim());
  if (!m) return undefined;
  const kind = m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
  const subject = (m[3] ?? m[4])?.replace(/[.:]+$/, '').trim();
  return { kind, label: `${kind} ${m[2].replace(/\.$/, '')}`, subject: subject || undefined };
}

/**
 * What a student can do with a section, from its heading and the material's own wording:
 * a question heading asks for its skill, a gerund becomes an imperative, rules are applied,
 * types distinguished, worked examples worked through; anything else is explained.
 */
export function objectiveForHeading(typed: string, casing: CasingIndex): string {
  // A heading's closing colon ("Grading:", "Examples:") is kept in the book, never in a sentence made of it.
  const heading = typed.replace(/\s*:\s*$/, '');
  const asked = skillOfQuestion(heading);
  if (asked) return asked.replace(/(?<=^\S+ (?:how to|what|why) )(.+)$/i, (rest) => inTextCase(rest, casing));
  const work = labelledWorkOf(heading);
  if (work) return `Work through ${work.label}${work.subject ? ` (${inTextCase(work.subject, casing)})` : ''}`;
  // "Example: Lining up for a photo" is a worked example; "Classical Probability: Equally Likely Outcomes" is its second
  // part within its first: the heading with a verb in front would only repeat it.
  const titled = /^([^:]{3,60}):\s+(\S.{2,})$/.exec(heading.trim());
  if (titled) {
    if (/^(?:worked\s+)?examples?$/i.test(titled[1])) return `Work through the example on ${inTextCase(titled[2], casing)}`;
    if (!/^(?:part|unit|chapter|section|lesson|module|week|day|lecture|step)\b/i.test(titled[1]))
      return `${objectiveForHeading(titled[2], casing)} in ${withArticle(inTextCase(titled[1], casing), casing)}`;
  }
  // A leading article is a word of the sentence: the material's casing never counts a capitalised "The" as a name.
  let phrase = inTextCase(heading, casing);
  const change = /^from\s+(.+?)\s+to\s+(.+)$/i.exec(phrase);
  if (change) return `Describe the change from ${change[1]} to ${change[2]}`;
  // "On convergence", "About DNS": the preposition belongs to the heading, not the skill.
  phrase = phrase.replace(/^(?:on|about|concerning|regarding|introducing|introduction to|an introduction to)\s+/i, '');
  if (/^(?:in|at|with|for|by|beyond|towards?|under|through|inside|between|within)\s/i.test(phrase))
    return `Explain what the material says ${phrase}`;
  // A heading that is already an instruction ("Add tables", "Get some data", "Fit the model") is the skill itself.
  if (imperativeHeading.test(phrase)) return upperFirst(phrase);
  const [first, second] = phrase.split(' ');
  if (second && determiners.test(second)) {
    const verb = imperativeOf(first, casing);
    if (verb && skillVerbs.has(verb.toLowerCase())) return `${verb} ${phrase.slice(first.length + 1)}`;
  }
  const named = withArticle(phrase, casing);
  if (/\b(?:rules?|identities|formulas?|formulae|laws?|theorems?)\b/i.test(phrase)) return `Apply ${named}`;
  if (/^(?:types|kinds|classes|categories|forms)\b/i.test(phrase))
    return `Distinguish ${withArticle(phrase, casing).replace(/^(?!the )/, 'the ')}`;
  if (/\b(?:vs\.?|versus|comparison|compared)\b/i.test(phrase)) return `Compare ${named}`;
  if (/\b(?:algorithms?|methods?|procedures?|techniques?|steps|process|attacks?)\b/i.test(phrase)) return `Describe ${named}`;
  return `Explain ${named}`;
}

/** "Substitution, take 3", "Lists (part 2)", "Exercise 4": a heading that numbers one of a series. */
const seriesMember = /^(.+?)(?:,\s*|\s+\(?)(take|part|step|version|attempt|round|case)?\s*(\d+|[IVX]+)\)?$/i;

/**
 * Headings with runs of one series collapsed into one ("Substitution, take 1" ... "take 5" ->
 * "Substitution"), so objectives and overviews name a topic once, not once per attempt.
 */
export function collapseSeries(headings: string[]): Array<{ title: string; count: number; label: string }> {
  const out: Array<{ title: string; count: number; stem?: string; word?: string; first?: string; last?: string; original: string }> = [];
  for (const h of headings) {
    const m = seriesMember.exec(h.trim());
    const stem = m && m[1].trim().length >= 3 ? m[1].trim().toLowerCase() : undefined;
    const last = out[out.length - 1];
    if (stem && last?.stem === stem) {
      last.count++;
      last.last = m![3];
    } else
      out.push({ title: stem ? m![1].trim() : h, count: 1, stem, word: m?.[2]?.toLowerCase(), first: m?.[3], last: m?.[3], original: h });
  }
  // A lone numbered heading keeps its number; a run is named once, with its range ("Substitution (takes 1–5)").
  return out.map((g) =>
    g.count > 1
      ? { title: g.title, count: g.count, label: `${g.title} (${g.word ? `${g.word}s ` : ''}${g.first}–${g.last})` }
      : { title: g.original, count: 1, label: g.original },
  );
}
