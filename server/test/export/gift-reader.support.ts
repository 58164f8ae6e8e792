/**
 * A GIFT reader written for the tests from the format's description (Moodle's "GIFT format" help): questions
 * are separated by blank lines; `//` starts a comment line; `$CATEGORY:` names the category; `::name::` the
 * question's name; `[plain]` its text format; the answer block sits in braces, with `=` before a right answer,
 * `~` before a wrong one, `#` before an answer's feedback, `####` before the general feedback, `{TRUE}`/`{FALSE}`
 * for true/false and `{}` for an essay. `\` escapes ~ = # { } : and itself, and `\n` is a line break.
 */
export interface GiftQuestion {
  name?: string;
  format?: string;
  prompt: string;
  type: 'multichoice' | 'truefalse' | 'shortanswer' | 'essay';
  right: string[];
  wrong: string[];
  truth?: boolean;
  generalFeedback?: string;
}

export interface GiftFile {
  category?: string;
  questions: GiftQuestion[];
}

const unescape = (s: string) => s.replace(/\\(n|.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));

/** Index of the first `ch` not escaped by a backslash, from `from`; -1 if none. */
function unescapedIndex(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

/** Splits at unescaped marks (one of `marks`), keeping each mark at the start of its part. */
function splitAtMarks(s: string, marks: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      current += s[i] + (s[i + 1] ?? '');
      i++;
    } else if (marks.includes(s[i])) {
      if (current.trim()) parts.push(current);
      current = s[i];
    } else current += s[i];
  }
  if (current.trim()) parts.push(current);
  return parts;
}

function parseQuestion(text: string): GiftQuestion {
  let rest = text.trim();
  let name: string | undefined;
  if (rest.startsWith('::')) {
    const end = rest.indexOf('::', 2);
    name = unescape(rest.slice(2, end));
    rest = rest.slice(end + 2);
  }
  let format: string | undefined;
  const fm = /^\[(\w+)\]/.exec(rest);
  if (fm) {
    format = fm[1];
    rest = rest.slice(fm[0].length);
  }
  const open = unescapedIndex(rest, '{');
  const close = unescapedIndex(rest, '}', open + 1);
  if (open < 0 || close < 0) throw new Error(`No answer block in: ${text}`);
  const prompt = unescape(rest.slice(0, open).trim());
  let block = rest.slice(open + 1, close);
  let generalFeedback: string | undefined;
  const general = block.indexOf('####');
  if (general >= 0 && (general === 0 || block[general - 1] !== '\\')) {
    generalFeedback = unescape(block.slice(general + 4).trim());
    block = block.slice(0, general);
  }
  const base = { name, format, prompt, generalFeedback };
  const tf = /^\s*(TRUE|FALSE|T|F)\s*(#.*)?$/s.exec(block);
  if (tf) return { ...base, type: 'truefalse', right: [], wrong: [], truth: tf[1].startsWith('T') };
  if (!block.trim()) return { ...base, type: 'essay', right: [], wrong: [] };
  const answers = splitAtMarks(block, '=~').map((part) => {
    const feedbackAt = unescapedIndex(part, '#');
    const value = unescape((feedbackAt >= 0 ? part.slice(1, feedbackAt) : part.slice(1)).trim());
    return { right: part[0] === '=', value };
  });
  const right = answers.filter((a) => a.right).map((a) => a.value);
  const wrong = answers.filter((a) => !a.right).map((a) => a.value);
  return { ...base, type: wrong.length ? 'multichoice' : 'shortanswer', right, wrong };
}

export function parseGift(source: string): GiftFile {
  let category: string | undefined;
  const kept: string[] = [];
  for (const line of source.split(/\r?\n/)) {
    if (line.trimStart().startsWith('//')) continue;
    const cat = /^\$CATEGORY:\s*(.*)$/.exec(line);
    if (cat) {
      category = cat[1].trim();
      continue;
    }
    kept.push(line);
  }
  const questions = kept
    .join('\n')
    .split(/\n\s*\n/)
    .filter((chunk) => chunk.trim())
    .map(parseQuestion);
  return { category, questions };
}
