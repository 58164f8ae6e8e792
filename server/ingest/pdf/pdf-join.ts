import { joinHyphenation } from '@server/core/nlp';

const urlTail = /(?:https?:\/\/|www\.)\S*$/i;

/** What the document itself says about words, to decide how to rejoin a word hyphenated at a line end. */
export interface WordEvidence {
  /** Words seen inside lines (not at a line end), lowercased. */
  words: Set<string>;
  /** Hyphenated compounds seen inside lines, lowercased. */
  compounds: Set<string>;
}

/**
 * Joins the lines of one paragraph: words hyphenated at a line end are
 * rejoined ("com-" + "pile"), kept as compounds when the document writes
 * them so ("run-" + "time"), and URLs broken after "-" or "/" are rejoined
 * without a space.
 */
/** True when `next` continues the web address that `text` ends in, broken at a '/', '.', '-' or the like. */
export function continuesUrl(text: string, next: string): boolean {
  // An address broken right after its scheme ("http:" + "//www.ti.com/...").
  if (/\bhttps?:$/i.test(text) && /^\/\/\S/.test(next.trim())) return true;
  // An address ending a sentence ("... closing_prices.csv." + "Write code ...") is followed by the next sentence.
  if (/\.$/.test(text) && /^\p{Lu}\p{Ll}*\s/u.test(next.trim())) return false;
  // A new address on the next line ("…/resources/" + "https://…", a list of links one per line) starts a word of its own;
  // an archive's address holding another one after its date ("…/web/20200101/" + "https://…") goes on.
  if (/^(?:https?:\/\/|www\.)/i.test(next.trim()) && !/\/\d{8,14}[a-z_]*\/$/i.test(text)) return false;
  return urlTail.test(text) && /[-/._~=&?#]$/.test(text) && /^[\w%./-]/.test(next.trim());
}

export function joinLines(lines: string[], evidence: WordEvidence): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!out) {
      out = line;
      continue;
    }
    if (continuesUrl(out, line)) {
      out += line;
    } else if (/\p{L}[-\u2010\u2011]$/u.test(out) && /^\p{L}/u.test(line)) {
      out = joinHyphenation(`${out}\n${line}`, evidence.compounds, evidence.words).replace(/\n/g, ' ');
    } else {
      out += ` ${line}`;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Collects words and hyphenated compounds from inside lines (a line's last token may be a broken word). */
export function collectEvidence(lines: string[]): WordEvidence {
  const words = new Set<string>();
  const compounds = new Set<string>();
  let broken = false;
  for (const line of lines) {
    // A line's first token after a line that ended in a hyphen is the rest of a broken word ("for-" + "ward"), not evidence.
    const inner = (broken ? line.replace(/^\s*\S+/, '') : line).replace(/\S+$/, '');
    broken = /\p{L}[-\u2010\u2011]$/u.test(line.trim());
    for (const m of inner.matchAll(/[\p{L}]+(?:-[\p{L}]+)*/gu)) {
      const token = m[0].toLowerCase();
      if (token.includes('-')) {
        compounds.add(token);
        for (const part of token.split('-')) words.add(part);
      } else words.add(token);
    }
  }
  return { words, compounds };
}
