import { buildBookDocument } from '@common/book-render/book-document';
import { imageSources, type Block, type BookDocument } from '@common/book-render/book-model';
import type { ExportFormat } from '@common/export';
import { parseTextbookContent, type Reference } from '@common/textbook';
import { formatBibliography } from './bibliography';
import type { ExportJob, ExportReply } from './export-job';
import { resolveImages } from './image-assets';
import { xmlSafeDeep } from './xml';
import type { ExportContext } from './formats/export-context';
import { writeDocx } from './formats/docx/write-docx';
import { writeEpub } from './formats/epub';
import { writeHtmlFile } from './formats/html-file';
import { writeCartridge } from './formats/imscc/write-cartridge';
import { writePdf } from './formats/pdf/write-pdf';

const writers: Record<ExportFormat, (ctx: ExportContext) => Promise<Uint8Array> | Uint8Array> = {
  html: writeHtmlFile,
  epub: writeEpub,
  docx: writeDocx,
  pdf: writePdf,
  imscc: writeCartridge,
};

/** A reference in plain words, when the citation library cannot format the list. */
function plainReference(r: Reference): Block {
  const title = /^Reference \d+$/.test(r.title) ? '' : r.title;
  const parts = [r.authors, r.year ? `(${r.year})` : '', title, r.publisher, r.doi ? `https://doi.org/${r.doi}` : r.url].filter(Boolean);
  return { kind: 'paragraph', content: [{ kind: 'text', text: parts.join('. ').replace(/\.\./g, '.') }] };
}

function bibliographyOf(references: readonly Reference[]): Block[] {
  try {
    return formatBibliography(references);
  } catch {
    return references.filter((r) => r.approved).map(plainReference);
  }
}

function allImageSources(doc: BookDocument): string[] {
  const sources: string[] = [];
  for (const c of doc.chapters) {
    imageSources(c.blocks, sources);
    for (const s of c.sections) imageSources(s.blocks, sources);
  }
  return sources;
}

/** Runs in the export worker: the stored content to the finished file. */
export async function renderExport(job: ExportJob): Promise<ExportReply> {
  const parsed = parseTextbookContent(
    typeof job.contentJson === 'string' ? job.contentJson : Buffer.from(job.contentJson).toString('utf8'),
  );
  if (!parsed.ok) return { ok: false, reason: 'unreadable', message: 'This textbook has no readable content to export.' };
  // Every format gets text XML can hold: DOCX, EPUB and the cartridge are XML, and HTML has no use for those characters either.
  const materials = xmlSafeDeep(job.materials);
  const doc = xmlSafeDeep(
    buildBookDocument({
      topic: job.topic,
      content: parsed.content,
      authors: job.authors,
      date: job.date,
      bibliography: bibliographyOf(parsed.content.references),
      materials: job.includeAppendix ? materials : [],
    }),
  );
  const images = resolveImages(allImageSources(doc), new Map(job.images.map((i) => [i.src, i.bytes])));
  const bytes = await writers[job.format]({ doc, images, materials, pageSize: job.pageSize, readerUrl: job.readerUrl });
  if (bytes.length > job.maxOutputBytes) {
    const mb = Math.round(job.maxOutputBytes / (1024 * 1024));
    return {
      ok: false,
      reason: 'too-large',
      message: `The exported file would be larger than ${mb} MB. Remove some images or split the book.`,
    };
  }
  return { ok: true, bytes };
}
