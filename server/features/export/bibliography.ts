import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { Block, Inline } from '@common/book-render/book-model';
import { parseEditorHtml } from '@common/book-render/parse-html';
import type { Reference } from '@common/textbook';

/** One CSL-JSON item (the fields citeproc reads). */
interface CslItem {
  id: string;
  type: string;
  title?: string;
  author?: Array<{ family?: string; given?: string; literal?: string }>;
  issued?: { 'date-parts': number[][] } | { literal: string };
  publisher?: string;
  'container-title'?: string;
  DOI?: string;
  URL?: string;
}

/**
 * "Smith, J.; Doe, A.", "Jane Smith, John Doe", "Smith, J., & Doe, A." or "Smith and Doe": the names in a
 * reference's free-text authors field, each as CSL family and given names.
 */
export function parseAuthors(authors: string): CslItem['author'] {
  const text = authors
    .replace(/\s+/g, ' ')
    .replace(/\bet al\.?/gi, '')
    .trim();
  if (!text) return undefined;
  const parts = text
    .split(/\s*(?:;|&|\band\b)\s*/i)
    .map((p) => p.replace(/^,|,$/g, '').trim())
    .filter(Boolean);
  const names: NonNullable<CslItem['author']> = [];
  for (const part of parts) {
    const commas = part.split(/\s*,\s*/).filter(Boolean);
    if (commas.length === 2 && /^([A-Z]\.\s?)+$|^[A-Z][a-z]*(\s[A-Z]\.?)*$/.test(commas[1])) {
      names.push({ family: commas[0], given: commas[1] });
    } else if (commas.length > 1 && commas.every((c) => /\s/.test(c))) {
      // "Jane Smith, John Doe": a list of full names.
      for (const c of commas) names.push(splitFullName(c));
    } else if (commas.length > 2 && commas.length % 2 === 0) {
      // "Smith, J., Doe, A.": family, given pairs.
      for (let i = 0; i < commas.length; i += 2) names.push({ family: commas[i], given: commas[i + 1] });
    } else names.push(splitFullName(commas.join(' ')));
  }
  return names.length ? names : undefined;
}

function splitFullName(name: string): { family?: string; given?: string; literal?: string } {
  const words = name.trim().split(' ');
  if (words.length < 2 || /\b(university|institute|organization|association|society|department|press|openstax)\b/i.test(name))
    return { literal: name.trim() };
  return { family: words[words.length - 1], given: words.slice(0, -1).join(' ') };
}

/** The title the app gives a reference that has none ("Reference 3", common/references.ts): no title at all. */
const placeholderTitle = /^reference\s*\d+$/i;
const realTitle = (ref: Reference) => (placeholderTitle.test(ref.title.trim()) ? '' : ref.title.trim());
const cleanDoi = (ref: Reference) => ref.doi?.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '').trim();

export function toCsl(ref: Reference, index: number): CslItem {
  const year = Number.parseInt(String(ref.year ?? ''), 10);
  const doi = cleanDoi(ref);
  const url = ref.url?.trim();
  const title = realTitle(ref);
  const publisher = ref.publisher?.trim();
  const type = doi ? 'article-journal' : publisher ? 'book' : url ? 'webpage' : 'document';
  return {
    id: `ref${index + 1}`,
    type,
    ...(title ? { title } : {}),
    author: parseAuthors(ref.authors ?? ''),
    ...(Number.isFinite(year) && year > 0 ? { issued: { 'date-parts': [[year]] } } : {}),
    ...(publisher ? (type === 'article-journal' ? { 'container-title': publisher } : { publisher }) : {}),
    ...(doi ? { DOI: doi } : {}),
    ...(url && !doi ? { URL: url } : {}),
  };
}

/**
 * The approved references as a bibliography in a CSL style (APA by default), formatted by citeproc through
 * citation-js: one paragraph per entry, in the style's order, italics and links kept.
 */
export function formatBibliography(references: readonly Reference[], style = 'apa'): Block[] {
  const approved = references.filter((r) => r.approved);
  const cited = approved.filter((r) => realTitle(r) || parseAuthors(r.authors ?? ''));
  const formatted = cited.length ? formatCited(cited, style) : [];
  return [...formatted, ...approved.filter((r) => !cited.includes(r)).flatMap(entryAsWritten)];
}

/**
 * An approved reference with neither author nor title: the citation as the document wrote it (kept as its
 * description) when there is one, otherwise its link alone; never "Reference 2. (n.d.)". With nothing to show
 * it is left out.
 */
function entryAsWritten(ref: Reference): Block[] {
  const doi = cleanDoi(ref);
  const link = doi ? `https://doi.org/${doi}` : /^https?:\/\//i.test(ref.url ?? '') ? ref.url!.trim() : '';
  const written = (ref.description ?? '').replace(/\s+/g, ' ').trim();
  const text = written.length <= 500 ? written : '';
  if (!text && !link) return [];
  const shown = text && link && !text.includes(doi ?? link) ? `${text} ${link}` : text || link;
  return [{ kind: 'paragraph', content: linkify(shown) }];
}

function linkify(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<]+[^\s<.,)]/g)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'text', text: m[0], href: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

function formatCited(approved: readonly Reference[], style: string): Block[] {
  const cite = new Cite(approved.map(toCsl));
  const entries = cite.format('bibliography', { format: 'html', template: style, lang: 'en-US', asEntryArray: true }) as unknown as Array<
    [string, string]
  >;
  return entries.flatMap(([, html]) => {
    // Bare URLs and DOIs in an entry become links.
    const linked = html.replace(
      /(^|[\s(>])(https?:\/\/[^\s<]+[^\s<.,)])/g,
      (_m, pre: string, url: string) => `${pre}<a href="${url}">${url}</a>`,
    );
    const blocks = parseEditorHtml(`<p>${linked.replace(/^\s*<div[^>]*>|<\/div>\s*$/g, '')}</p>`);
    return blocks.filter((b) => b.kind === 'paragraph');
  });
}
