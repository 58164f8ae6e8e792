import type { DocBlock } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';

/** One entry of a glossary typed in Word: the term as typed (its colon kept) and its definition. */
export interface Definition {
  term: string;
  definition: string;
}

/** A term is a few words, not a sentence: at most eight words and 60 characters ("reduction to a previously solved problem"), no sentence's end. */
function isTerm(text: string): boolean {
  return text.length > 0 && text.length <= 60 && text.split(/\s+/).length <= 8 && !/[.?!;]$/.test(text) && /\p{L}/u.test(text);
}

const tidy = (s: string) => normalizeCharacters(s).replace(/\s+/g, ' ').trim();

/**
 * The entries of a paragraph set with a hanging indent (its first line out from the rest), typed as a glossary's entry:
 * a term, a tab, its definition ("problem solving:" <tab> "The process of ..."), or a term closing on a colon and its
 * definition after it without a tab ("local variable: A variable defined inside a function."). A second entry run into
 * the paragraph after a full stop ("... operates. expression:  A combination ...", the term followed by two spaces as a
 * tab's stand-in) is an entry of its own. Undefined for any other paragraph.
 */
export function definitionEntries(typed: string): Definition[] | undefined {
  const text = typed.replace(/^[ \u00a0]+/, '');
  const tab = text.indexOf('\t');
  let first: Definition | undefined;
  let rest = '';
  if (tab > 0 && isTerm(tidy(text.slice(0, tab)))) {
    first = { term: tidy(text.slice(0, tab)), definition: '' };
    rest = text.slice(tab + 1);
  } else {
    const m = /^([^:\t]{1,60}:)[ \u00a0]+(?=\S)/.exec(text);
    if (!m || !isTerm(tidy(m[1]))) return undefined;
    first = { term: tidy(m[1]), definition: '' };
    rest = text.slice(m[0].length);
  }
  const entries: Definition[] = [first];
  // Further entries run in: after a sentence's end, a term and its colon followed by a tab or two spaces.
  const runIn = /(?<=[.!?)])[ \u00a0]+([^\s:.][^:.\t]{0,38}:)(?:\t|[ \u00a0]{2,})(?=\S)/g;
  let last = 0;
  for (const m of rest.matchAll(runIn)) {
    if (!isTerm(tidy(m[1]))) continue;
    entries[entries.length - 1].definition = tidy(rest.slice(last, m.index));
    entries.push({ term: tidy(m[1]), definition: '' });
    last = (m.index ?? 0) + m[0].length;
  }
  entries[entries.length - 1].definition = tidy(rest.slice(last));
  return entries.every((e) => /\p{L}{2}/u.test(e.definition)) ? entries : undefined;
}

/**
 * Runs of two glossary entries or more (paragraphs read by definitionEntries, `entries` by block) are one list of
 * definitions: each entry a list item opening on its term, the term shown in bold (`DocBlock.term`). Entries typed with a
 * tab and without one are the same list; a heading or any other paragraph ends it (one list per chapter of a glossary).
 */
export function definitionLists(blocks: DocBlock[], entries: Map<DocBlock, Definition[]>): DocBlock[] {
  const out: DocBlock[] = [];
  for (let i = 0; i < blocks.length;) {
    let j = i;
    while (j < blocks.length && entries.has(blocks[j])) j++;
    const run = blocks.slice(i, j);
    if (run.flatMap((b) => entries.get(b)!).length >= 2) {
      for (const b of run)
        for (const e of entries.get(b)!) {
          const text = `${e.term} ${e.definition}`;
          const links = b.links?.filter((l) => text.includes(l.text));
          out.push({
            kind: 'list-item',
            text,
            depth: 0,
            ordered: false,
            term: e.term,
            ...(links?.length ? { links } : {}),
            ...(b.index !== undefined ? { index: b.index } : {}),
          });
        }
      i = j;
    } else out.push(blocks[i++]);
  }
  return out;
}
