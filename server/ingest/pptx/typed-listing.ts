/**
 * Program output (or a program) typed on a slide in the deck's own proportional font: recognised by its lines, not its
 * font, so it is kept whole as a listing with its line breaks instead of a paragraph per line.
 */

/** A prompt a session line starts with: Python's ">>>" and "...", a shell's "$" or "%", input('> '), IPython's "In [1]:". */
const prompt = /^(>>>|\.\.\.|\$|%|>|In \[\d+\]:|Out\[\d+\]:)(\s|$)/;
/** A line of numbers ("5", "41 12", "-1 9", "25.666"), or a word and numbers as a print of a variable gives ("After 74"). */
const numbers = /^(\S+\s+)?[-+]?\d[\d.,]*(\s+[-+]?\d[\d.,]*)*$/;
/** A number and what goes with it, as print(index, letter) gives ("0 b", "3 a"); or one character, as print(letter). */
const indexed = /^([-+]?\d[\d.]*\s+\S{1,12}|\S)$/;
/** Lines that read as code: an assignment, a call, a block opener, a literal, a traceback. */
const codeish = [
  /^\s*[A-Za-z_]\w*(\.\w+|\[[^\]]*\])*\s*([-+*/]?=)\s*\S/,
  /^\s*[A-Za-z_][\w.]*\(.*\)\s*:?\s*$/,
  /^\s*(for|while|if|elif|else|def|class|try|except|with|return|import|from)\b.*:?\s*$/,
  /^\s*(True|False|None|\[.*\]|\{.*\}|\(.*\)|'.*'|".*")\s*$/,
  /^(Traceback \(most recent call last\):|\s*File ".*", line \d+|\w+Error:)/,
];
/** A label set over a listing ("Output:", "Program:", "Sample run:"). */
const lead = /^[A-Z][A-Za-z ]{0,24}:$/;
/** A label that says the lines under it are what a program printed. */
const output = /^(program |sample |console )?(output|run|result|results|prints?)( of the program)?:$/i;
/** A sentence is prose whatever else it holds. */
const prose = (line: string) => line.split(/\s+/).length >= 8 && /[.?!]$/.test(line.trim());

/** The string literals printed by the slide's listings (what their output will show): two characters or more. */
export function printedLiterals(listings: string[]): string[] {
  const out = new Set<string>();
  for (const code of listings)
    for (const m of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
      const s = (m[1] ?? m[2]).trim();
      if (s.length >= 2) out.add(s);
    }
  return [...out];
}

function outputLike(line: string, literals: string[]): boolean {
  const t = line.trim();
  return (
    prompt.test(t) ||
    numbers.test(t) ||
    indexed.test(t) ||
    /^\s{2,}\S/.test(line) ||
    codeish.some((re) => re.test(line)) ||
    literals.some((l) => t === l || (l.length >= 3 && t.includes(l)))
  );
}

/**
 * The lines of a text box as a listing, or undefined when they read as text. Three lines at least, none a sentence, most
 * of them (three in five) output or code; and either a prompt among them or a program on the same slide (so a box of
 * short lines in a deck about something else stays text). A label line first ("Output:") is given apart.
 */
export function typedListing(
  lines: string[],
  literals: string[],
  slideHasListing: boolean,
): { lead?: string; listing: string } | undefined {
  const first = lines[0]?.trim() ?? '';
  const head = lead.test(first) && lines.length > 1 ? first : undefined;
  const body = head ? lines.slice(1) : lines;
  // Under "Output:" beside a program, even two lines ("Smaller", "Finis") are what it printed.
  const announced = head !== undefined && output.test(head) && slideHasListing;
  // A sentence the program prints ("I sleep all night and I work all day.") is output all the same.
  const printed = (l: string) => literals.includes(l.trim());
  // Two lines are enough when each shows a string the program prints or prompts with ("Who are you? Chuck", "Welcome Chuck").
  const shown = body.length >= 2 && body.every((l) => literals.some((lit) => lit.length >= 3 && l.includes(lit)));
  if (body.length < (announced || shown ? 1 : 3) || body.some((l) => l.length > 80 || (prose(l) && !printed(l)))) return undefined;
  if (announced) return { lead: head, listing: body.join('\n') };
  if (!slideHasListing && !body.some((l) => prompt.test(l.trim()))) return undefined;
  const like = body.filter((l) => outputLike(l, literals)).length;
  if (like < 0.6 * body.length) return undefined;
  return { ...(head ? { lead: head } : {}), listing: body.join('\n') };
}
