/**
 * Decks and scans of ../shared/corpus/real read as uploads are: for each deck, the deck's own
 * slide titles (title placeholders, read here from the XML: the title slide, title-only slides,
 * agenda and closing slides, and repeats of the previous title aside) found as headings in the same order, speaker notes kept
 * (each notes page's first words found in the text), pictures kept, units and time; for each
 * scanned PDF, the pages recognized, their confidence and the time per page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { extractAndChunk } from '@server/ingest/extract-document';
import { sniffKind } from '@server/ingest/sniff';
import { inOrder } from '../real/own-structure';
import { pct, realCorpusDir, table } from '../real/corpus';

const texts = (xml: string) => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
/** "Topic (cont.)" and "Topic 2" repeat "Topic". */
const base = (t: string) =>
  t
    .toLowerCase()
    .replace(/\s*\(?(cont(inued|'d|\.)?)\)?\.?$/, '')
    .replace(/[\s,:-]*\(?\d+(\/\d+)?\)?$/, '')
    .trim();

interface OwnDeck {
  titles: string[];
  notes: string[];
  pictures: number;
}

async function ownDeck(data: Uint8Array): Promise<OwnDeck> {
  const zip = await JSZip.loadAsync(data);
  const pres = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
  const rels = (await zip.file('ppt/_rels/presentation.xml.rels')?.async('string')) ?? '';
  const target = new Map(
    [...rels.matchAll(/<Relationship [^>]*>/g)].map((m) => [/Id="([^"]+)"/.exec(m[0])?.[1], /Target="([^"]+)"/.exec(m[0])?.[1]]),
  );
  const titles: string[] = [];
  const notes: string[] = [];
  let pictures = 0;
  const ids = [...pres.matchAll(/<p:sldId [^>]*r:id="([^"]+)"/g)].map((m) => m[1]);
  for (const [i, id] of ids.entries()) {
    const part = `ppt/${target.get(id)}`;
    const xml = (await zip.file(part)?.async('string')) ?? '';
    pictures += (xml.match(/<p:pic>/g) ?? []).length;
    const shapes = xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? [];
    const titleShape = shapes.find((s) => /<p:ph type="(title|ctrTitle)"/.test(s));
    const title = titleShape ? decode(texts(titleShape)).replace(/\s+/g, ' ').trim() : '';
    const rest = shapes
      .filter((s) => s !== titleShape)
      .map(texts)
      .join('')
      .trim();
    const hasContent = rest.length > 0 || /<p:pic>|<a:tbl>/.test(xml);
    // Agenda and closing slides announce or end the lecture (they add no content), so they are not titles to find.
    const announces = /^(agenda|outline|overview|contents|today|this week|questions?\b|any questions|thank)/i.test(title);
    if (title && hasContent && !announces && !(i === 0 && /ctrTitle/.test(titleShape ?? '')) && base(title) !== base(titles.at(-1) ?? ''))
      titles.push(title);
    const slideRels = (await zip.file(part.replace('slides/', 'slides/_rels/') + '.rels')?.async('string')) ?? '';
    const notesTarget = /Target="\.\.\/notesSlides\/([^"]+)"/.exec(slideRels)?.[1];
    if (notesTarget) {
      const notesXml = (await zip.file(`ppt/notesSlides/${notesTarget}`)?.async('string')) ?? '';
      const body = (notesXml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []).filter((s) => /<p:ph type="body"/.test(s));
      const text = decode(body.map(texts).join(' ')).replace(/\s+/g, ' ').trim();
      if (text && !/^\d+$/.test(text)) notes.push(text);
    }
  }
  return { titles, notes, pictures };
}

export async function slidesAndScansTable(): Promise<string> {
  let names: string[];
  try {
    names = readdirSync(realCorpusDir).filter((f) => /\.pptx$/i.test(f) || /scan/i.test(f));
  } catch {
    return '';
  }
  const deckRows: string[][] = [];
  const scanRows: string[][] = [];
  for (const name of names.sort()) {
    const data = new Uint8Array(readFileSync(path.join(realCorpusDir, name)));
    const kind = sniffKind(Buffer.from(data));
    if (!kind) continue;
    const t0 = performance.now();
    const { document, render } = await extractAndChunk({ kind, filename: name, data: data.slice() });
    const ms = performance.now() - t0;
    if (kind === 'pptx') {
      const own = await ownDeck(data);
      const headings = document.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
      const flat = document.text.replace(/\s+/g, ' ');
      const notesKept = own.notes.filter((n) => flat.includes(n.slice(0, 40))).length;
      deckRows.push([
        name,
        `${document.pageCount}`,
        `${own.titles.length}`,
        pct(inOrder(own.titles, headings)),
        `${headings.length}`,
        `${notesKept}/${own.notes.length}`,
        `${document.images?.length ?? 0}/${own.pictures}`,
        document.summary ?? '',
        `${ms.toFixed(0)} ms`,
      ]);
    } else if (document.recognized?.length) {
      const conf = document.recognized.map((r) => r.confidence);
      scanRows.push([
        name,
        `${document.recognized.length}/${document.pageCount}`,
        conf.join(', '),
        `${(conf.reduce((a, b) => a + b, 0) / conf.length).toFixed(0)}`,
        `${((render?.scanMs ?? ms) / document.recognized.length).toFixed(0)} ms`,
        (document.warnings ?? []).join('; ') || 'none',
      ]);
    }
  }
  const out: string[] = [];
  if (deckRows.length)
    out.push(
      table(['deck', 'slides', 'own titles', 'in order', 'units', 'notes kept', 'pictures kept', 'summary', 'extract'], deckRows),
      "Goal: >= 95% of the deck's titles in order, every notes page kept. Pictures in EMF/WMF are not kept (named in a warning).",
    );
  if (scanRows.length)
    out.push(
      table(['scan', 'pages read', 'confidence per page', 'mean', 'per page', 'warnings'], scanRows),
      'Recognition accuracy against a known text is measured on made pages (npm run bench:ingest, server/ingest/ocr/ocr.test.ts): the real scan has no text layer to compare with.',
    );
  return out.join('\n');
}
