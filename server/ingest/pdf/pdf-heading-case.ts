import type { DocBlock } from '@server/core/document-model';

/**
 * Headings whose type lower-cases them: a theme that sets its titles in small capitals by lower-casing the words first
 * (Beamer's metropolis "allsmallcaps", `\scshape\MakeLowercase`) leaves only lower-case letters in the text layer, and
 * every heading of that level reads "a bayesian example: is a coin fair?". When two or more headings of a level have
 * letters and none of them has a capital, the case is the type's, not the author's: each such heading is given back a
 * capital at its start, and each word the document's own text writes capitalised inside its sentences (a name,
 * "Bayesian", an acronym, "GW") its spelling there. The title of the document, lower-cased the same way, goes with them.
 * Links already on a heading keep their place: only the case of letters changes. Returns each heading's text before
 * and after.
 */
export function restoreLowerCasedHeadings(blocks: DocBlock[]): Map<string, string> {
  const changed = new Map<string, string>();
  const headings = blocks.filter((b) => b.kind === 'heading' && /\p{L}/u.test(b.text));
  const byLevel = new Map<number, DocBlock[]>();
  for (const h of headings) byLevel.set(h.level ?? 1, [...(byLevel.get(h.level ?? 1) ?? []), h]);
  const lowered = new Set<DocBlock>();
  for (const group of byLevel.values())
    if (group.length >= 2 && group.every((h) => !/\p{Lu}/u.test(h.text))) for (const h of group) lowered.add(h);
  if (lowered.size === 0) return changed;
  // A lone heading of another level (the title over the frames) in lower case reads lower-cased by the same theme.
  for (const group of byLevel.values()) if (group.length === 1 && !/\p{Lu}/u.test(group[0].text)) lowered.add(group[0]);
  const spelled = ownSpellings(blocks);
  for (const h of lowered) {
    const text = recased(h.text, spelled);
    if (h.links) h.links = h.links.map((l) => ({ ...l, text: anchorIn(h.text, text, l.text) }));
    changed.set(h.text, text);
    h.text = text;
  }
  return changed;
}

/**
 * The spelling the document gives a word inside its sentences, where that is not all lower case: "Bayesian", "GW",
 * "Gaussian". A word the text also writes in lower case inside a sentence ("likelihood") keeps its lower case; a word at
 * a sentence's start says nothing.
 */
function ownSpellings(blocks: DocBlock[]): Map<string, string> {
  const seen = new Map<string, Map<string, number>>();
  for (const b of blocks) {
    if (b.kind !== 'paragraph' && b.kind !== 'list-item' && b.kind !== 'caption') continue;
    const tokens = b.text.split(/\s+/);
    tokens.forEach((token, i) => {
      // A file name or an address ("bayesian_line_fitting.py") is not the word's spelling in a sentence.
      if (/[_/@\\]|\p{L}\.\p{L}/u.test(token)) return;
      const start = i === 0 || /[.?!:]["”’)]?$/.test(tokens[i - 1]);
      for (const [word] of token.matchAll(/\p{L}+/gu)) count(word, start && /^\p{Lu}\p{Ll}*$/u.test(word));
    });
  }
  function count(word: string, atStart: boolean): void {
    if (atStart) return;
    const key = word.toLowerCase();
    const forms = seen.get(key) ?? new Map<string, number>();
    forms.set(word, (forms.get(word) ?? 0) + 1);
    seen.set(key, forms);
  }
  const out = new Map<string, string>();
  for (const [key, forms] of seen) {
    if (forms.has(key)) continue;
    const best = [...forms].sort((a, b) => b[1] - a[1])[0][0];
    out.set(key, best);
  }
  return out;
}

function recased(text: string, spelled: Map<string, string>): string {
  let first = true;
  return text.replace(/\p{L}+/gu, (word) => {
    const own = spelled.get(word);
    const out = own && own.length === word.length ? own : word;
    if (!first) return out;
    first = false;
    const head = out[0].toUpperCase();
    return head.length === 1 ? head + out.slice(1) : out;
  });
}

/** An anchor's words as the recased heading spells them (same letters, same place). */
function anchorIn(before: string, after: string, anchor: string): string {
  const at = before.indexOf(anchor);
  return at >= 0 && before.length === after.length ? after.slice(at, at + anchor.length) : anchor;
}
