import type { DocBlock } from '@server/core/document-model';
import { type BibEntry, referenceLine, renderCitations } from '../markdown/pandoc-citations';

/** Blocks whose text is prose a citation may sit in (code is copied as typed). */
const prose = new Set<DocBlock['kind']>(['paragraph', 'list-item', 'quote', 'note', 'margin', 'caption', 'exercise', 'table', 'figure']);

export interface CitedBlocks {
  blocks: DocBlock[];
  /** The cited entries as lines of the reference list, in order of first citation. */
  bibliography: string[];
  /** What the reader is told about citations it could not resolve, when there are any. */
  warning?: string;
}

/**
 * Pandoc's citations typed in a Word document (`[@Parr2010, p. 142]`, `@Parr2010 [p. 33]`), read as in a Markdown page
 * (markdown/pandoc-citations.ts): author-year from the bibliography file uploaded beside it (.bib, CSL-JSON), each cited
 * entry joining the document's reference list; a key the bibliography does not hold reads as the key, and the warning
 * names it. A block's links stay on their anchors; a table's cells and a figure's caption are read the same way.
 */
export function citeBlocks(blocks: DocBlock[], entries: BibEntry[], uploadedWith: boolean): CitedBlocks {
  const cited = new Map<string, BibEntry>();
  const unresolved = new Set<string>();
  const cite = (text: string) => {
    const r = renderCitations(text, entries);
    for (const e of r.cited) cited.set(e.id, e);
    for (const k of r.unresolved) unresolved.add(k);
    return r.text;
  };
  const out = blocks.map((b) => {
    if (!prose.has(b.kind) || !`${b.text}${b.caption ?? ''}${(b.rows ?? []).flat().join('')}`.includes('@')) return b;
    const text = cite(b.text);
    const next: DocBlock = { ...b, text };
    if (b.rows) next.rows = b.rows.map((r) => r.map(cite));
    if (b.caption) next.caption = cite(b.caption);
    if (b.links) {
      const links = b.links.filter((l) => text.includes(l.text) || (next.rows ?? []).flat().some((c) => c.includes(l.text)));
      if (links.length) next.links = links;
      else delete next.links;
    }
    return next;
  });
  const keys = [...unresolved];
  const warning = keys.length
    ? `${keys.length === 1 ? 'a citation was' : `${keys.length} citations were`} not resolved (${uploadedWith ? `the bibliography uploaded with the document does not hold ${keys.length === 1 ? 'it' : 'them'}` : 'no bibliography came with the document'}): ${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} printed as ${keys.length === 1 ? 'its key' : 'their keys'}`
    : undefined;
  return { blocks: out, bibliography: [...cited.values()].map(referenceLine), ...(warning ? { warning } : {}) };
}
