import { createHash } from 'node:crypto';
import type { PublicUser } from '@common/auth';
import type { ExtractedDocument, Material, MaterialChunk, MaterialSource, Retriever } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import type { Db } from '@server/db/client';
import type { ChunkRow, SourceRow } from '@server/db/schema';
import type { AppDeps } from '@server/features/app-deps';
import type { RequestContext } from '@server/features/request-context';
import type { DraftChunk } from '@server/ingest/chunk';
import type { ExtractOutput } from '@server/ingest/extract-document';
import { checkUpload, extractDirectText, extractUpload, type UploadedFile } from '@server/ingest/extract';
import { currentRequestSignal } from '@server/core/request-scope';
import { AppError } from '@server/core/app-error';
import { mergedEntries, readCompanionBibliography, type CompanionBibliography } from '@server/ingest/bibliography/companion';
import { referenceLine } from '@server/ingest/markdown/pandoc-citations';
import { mimeByKind } from '@server/ingest/sniff';
import * as repo from './sources.repo';

export type IngestStage = 'extract' | 'chunk' | 'embed';
/** `message` says what is under way when there is more to say than the stage ("week3.pdf: Reading page 3 of 12"). */
export type IngestProgress = (stage: IngestStage, percent: number, message?: string) => void;

export interface IngestInput {
  files: UploadedFile[];
  directContent?: string;
  chapterTitle?: string;
  /** With no files and no content: the material is empty (engines then work from the topic alone). */
  topicFallback?: string;
}

export interface IngestResult {
  material: Material;
  retriever: Retriever;
  /** All documents' text, in the order sent, separated by blank lines. */
  text: string;
  sourceIds: number[];
  documents: ExtractedDocument[];
  /** Bibliography files uploaded beside the pages (no documents of their own): each with the pages whose citations it resolves. */
  companions?: Array<{ filename: string; entries: number; cited: number; pages: string[] }>;
}

/** "refs.bib" alone: a bibliography is read for the pages it comes with, never as a document. */
export const companionAloneMessage = (filename: string) =>
  `"${filename}" is a bibliography: upload it together with the Markdown pages or Word documents that cite it, and their citations read from it.`;

/** What `sources.structure` holds: the document without its text (that is `sources.text`). */
type StoredStructure = Omit<ExtractedDocument, 'text' | 'filename' | 'mime'>;

/**
 * Bump when extraction or chunking changes what a file yields (titles, blocks, bibliography):
 * a source is reused by its key, so without this a file uploaded before a fix keeps its old reading forever.
 */
export const extractorVersion = 28;

/** The reuse key of a source: its bytes and the extractor version that read them. */
function sha256(data: Buffer | string): string {
  return createHash('sha256').update(`extractor-v${extractorVersion}\0`).update(data).digest('hex');
}

function toMaterialSource(row: SourceRow): MaterialSource {
  const structure = (row.structure ?? { blocks: [] }) as StoredStructure;
  const document: ExtractedDocument = { ...structure, filename: row.filename, mime: row.mime as ExtractedDocument['mime'], text: row.text };
  return { id: row.id, filename: row.filename, mime: row.mime, text: row.text, document };
}

function toMaterialChunk(row: ChunkRow, model: string): MaterialChunk {
  return {
    id: row.id,
    sourceId: row.sourceId,
    ordinal: row.ordinal,
    headingPath: row.headingPath,
    text: row.text,
    embedding: row.embeddingModel === model && row.embedding ? row.embedding : undefined,
  };
}

/** A source's material when this request already holds it (just stored, or just read by its bytes). */
interface Held {
  source: MaterialSource;
  /** Its chunks, when just stored (none has a vector yet). */
  chunks?: MaterialChunk[];
}

/**
 * Stores one extracted document and its chunks as a source of the user, unless the same bytes
 * are already stored (then that source is used). The chunks' vectors come later, in the
 * background (background-embeddings.ts). Answers the source's material as the request holds it,
 * so it is not read back from the database.
 */
async function storeSource(
  db: Db,
  owner: PublicUser,
  key: { sha: string; byteSize: number },
  document: ExtractedDocument,
  drafts: DraftChunk[],
  original?: Uint8Array,
): Promise<{ id: number } & Held> {
  // The pictures' bytes are stored as images, never inside the structure.
  const { text, filename, mime, images: pictures, ...structure } = document;
  return db.transaction(async (tx) => {
    const inserted = await repo.insertSource(tx, {
      ownerId: owner.id,
      sha256: key.sha,
      filename,
      mime,
      byteSize: key.byteSize,
      text,
      structure,
    });
    if (!inserted) {
      // Someone stored the same file a moment ago: theirs is as good as ours.
      const theirs = (await repo.findSourceBySha(tx, owner.id, key.sha))!;
      return { id: theirs.id, source: toMaterialSource(theirs) };
    }
    if (pictures?.length) await repo.insertSourceImages(tx, owner.id, inserted.id, pictures);
    // A PDF's pages can be shown as pictures beside the book (server/features/provenance): its bytes are kept.
    if (original && mime === 'application/pdf') await repo.keepSourceFile(tx, inserted.id, original);
    const ids = await repo.insertChunks(
      tx,
      drafts.map((d, i) => ({
        sourceId: inserted.id,
        ordinal: i,
        headingPath: d.headingPath,
        text: d.text,
        embedding: null,
        embeddingModel: null,
      })),
    );
    const source: MaterialSource = { id: inserted.id, filename, mime, text, document: { ...structure, filename, mime, text } };
    const chunks: MaterialChunk[] = ids.map(({ id, ordinal }) => ({
      id,
      sourceId: inserted.id,
      ordinal,
      headingPath: drafts[ordinal].headingPath,
      text: drafts[ordinal].text,
    }));
    return { id: inserted.id, source, chunks };
  });
}

/**
 * The material of these sources in this order: what the request already holds is used as it is,
 * the rest read from the database. Chunks still without a vector of the current model (just
 * stored, under way, lost with another instance, or a new model) are found by BM25 meanwhile;
 * their vectors are made in the background.
 */
async function materialFor(deps: AppDeps, sourceIds: number[], held = new Map<number, Held>()): Promise<Material> {
  const db = deps.database.db;
  const rows = await repo.listSources(
    db,
    sourceIds.filter((id) => !held.has(id)),
  );
  const byId = new Map<number, MaterialSource>([...held].map(([id, h]) => [id, h.source]));
  for (const row of rows) byId.set(row.id, toMaterialSource(row));
  const chunkRows = await repo.listChunks(
    db,
    sourceIds.filter((id) => !held.get(id)?.chunks),
  );
  const fresh = [...held.values()].flatMap((h) => h.chunks ?? []);
  const missing = new Set([
    ...fresh.map((c) => c.sourceId),
    ...chunkRows.filter((r) => r.embeddingModel !== deps.embedder.model || !r.embedding).map((r) => r.sourceId),
  ]);
  if (missing.size > 0) deps.backgroundEmbeddings.schedule([...missing]);
  const order = new Map(sourceIds.map((id, i) => [id, i]));
  const pictures = await repo.listSourceImageIds(db, sourceIds);
  return {
    imageUrls: Object.fromEntries(pictures.map((p) => [p.sha256, `/api/images/${p.id}`])),
    sources: sourceIds.map((id) => byId.get(id)).filter((s): s is MaterialSource => !!s),
    chunks: [...fresh, ...chunkRows.map((r) => toMaterialChunk(r, deps.embedder.model))].sort(
      (a, b) => (order.get(a.sourceId) ?? 0) - (order.get(b.sourceId) ?? 0) || a.ordinal - b.ordinal,
    ),
  };
}

/**
 * Course materials in: every file is checked
 * by its bytes first (so a bad file fails before any work), then extracted
 * off the main thread, chunked, and stored content-addressed per
 * user: the same file sent again (preview, then generate) is neither parsed
 * nor embedded again.
 */
export async function ingestMaterial(ctx: RequestContext, input: IngestInput, onProgress?: IngestProgress): Promise<IngestResult> {
  const { db, user } = ctx;
  // A .bib or CSL-JSON file beside Markdown pages or Word documents is their bibliography, not a document: its entries go to
  // their reading.
  const companions: CompanionBibliography[] = [];
  const documentFiles: UploadedFile[] = [];
  for (const file of input.files) {
    const companion = readCompanionBibliography(file.filename, file.data);
    if (companion) companions.push(companion);
    else documentFiles.push(file);
  }
  const kinds = documentFiles.map((file) => checkUpload(file, ctx.config));
  const citing = (kind: (typeof kinds)[number]) => kind === 'txt' || kind === 'docx';
  if (companions.length && !kinds.some(citing)) throw new AppError('VALIDATION', companionAloneMessage(companions[0].filename));
  const bibliography = mergedEntries(companions);
  // A page read with a bibliography reads differently: its reuse key holds the bibliography too.
  const bibliographyKey = bibliography.length ? JSON.stringify(bibliography) : '';
  const sourceIds: number[] = [];
  const items = documentFiles.length + (input.directContent?.trim() ? 1 : 0);
  let done = 0;
  const report = (stage: IngestStage, within: number) =>
    onProgress?.(stage, Math.min(100, Math.round(((done + within / 100) / Math.max(1, items)) * 100)));

  // Files not seen before are extracted concurrently (the process pool bounds it to the cores and
  // takes turns between users), then stored in the order sent. The same bytes twice in one request
  // are read once. When the client leaves or one file fails, the others still waiting are dropped.
  const cancel = new AbortController();
  const requestSignal = currentRequestSignal();
  const signal = requestSignal ? AbortSignal.any([requestSignal, cancel.signal]) : cancel.signal;
  let extractedCount = 0;
  const bySha = new Map<string, Promise<{ existing?: SourceRow; extracted?: ExtractOutput }>>();
  const pending = await Promise.all(
    documentFiles.map(async (file, i) => {
      const withBibliography = bibliographyKey !== '' && citing(kinds[i]);
      const sha = withBibliography
        ? sha256(Buffer.concat([file.data, Buffer.from(`\0bibliography\0${bibliographyKey}`)]))
        : sha256(file.data);
      if (!bySha.has(sha)) {
        bySha.set(
          sha,
          (async () => {
            const existing = await repo.findSourceBySha(db, user.id, sha);
            if (existing) return { existing };
            // A scan's pages move the extraction's share of the bar, and say which page is being read.
            const reportPages = (p: { message: string; done: number; total: number }) =>
              onProgress?.(
                'extract',
                Math.round(((extractedCount + p.done / Math.max(1, p.total)) / documentFiles.length) * 100),
                `${file.filename}: ${p.message}`,
              );
            const extracted = await extractUpload(file, ctx.config, {
              owner: user.id,
              signal,
              onProgress: reportPages,
              ...(withBibliography ? { bibliography } : {}),
            }).catch((err: unknown) => {
              cancel.abort();
              throw err;
            });
            onProgress?.('extract', Math.round((++extractedCount / documentFiles.length) * 100));
            return { extracted };
          })(),
        );
      }
      return { file, sha, ...(await bySha.get(sha)!) };
    }),
  );
  onProgress?.('chunk', 100);
  const held = new Map<number, Held>();
  for (const item of pending) {
    const found = item.existing ?? (await repo.findSourceBySha(db, user.id, item.sha));
    if (found) {
      // A PDF stored before its bytes were kept gets them now.
      if (found.mime === 'application/pdf') await repo.keepSourceFile(db, found.id, item.file.data);
      held.set(found.id, { source: toMaterialSource(found) });
      sourceIds.push(found.id);
    } else if (item.extracted) {
      const stored = await storeSource(
        db,
        user,
        { sha: item.sha, byteSize: item.file.data.length },
        item.extracted.document,
        item.extracted.chunks,
        item.file.data,
      );
      held.set(stored.id, stored);
      sourceIds.push(stored.id);
    }
    done++;
  }

  const content = input.directContent?.trim();
  if (content) {
    const sha = sha256(`direct\0${input.chapterTitle?.trim() ?? ''}\0${content}`);
    const found = await repo.findSourceBySha(db, user.id, sha);
    if (found) {
      held.set(found.id, { source: toMaterialSource(found) });
      sourceIds.push(found.id);
    } else {
      report('chunk', 0);
      const extracted = await extractDirectText(input.directContent ?? '', input.chapterTitle, ctx.config, { owner: user.id, signal });
      const stored = await storeSource(db, user, { sha, byteSize: Buffer.byteLength(content) }, extracted.document, extracted.chunks);
      held.set(stored.id, stored);
      sourceIds.push(stored.id);
    }
    done++;
  }

  const uniqueIds = [...new Set(sourceIds)];
  const material = await materialFor(ctx, uniqueIds, held);
  const documents = material.sources.map((s) => s.document);
  const pages = material.sources.filter(
    (s) => (/^text\//.test(s.mime) || s.mime === mimeByKind.docx) && documentFiles.some((f) => f.filename === s.filename),
  );
  // An entry is cited when a page's reference list holds its line (the cited entries are the pages' references).
  const lines = new Set(pages.flatMap((p) => p.document.bibliography ?? []));
  const cited = (entries: CompanionBibliography['entries']) => entries.filter((e) => lines.has(referenceLine(e))).length;
  return {
    ...(companions.length
      ? {
          companions: companions.map((c) => ({
            filename: c.filename,
            entries: c.entries.length,
            cited: cited(c.entries),
            pages: pages.map((p) => p.filename),
          })),
        }
      : {}),
    material,
    retriever: createRetriever(material, ctx.embedder),
    text: documents.map((d) => d.text).join('\n\n'),
    sourceIds: uniqueIds,
    documents,
  };
}

/** The material of these sources (in this order), with a retriever over it. */
export async function loadSourcesMaterial(deps: AppDeps, sourceIds: number[]): Promise<{ material: Material; retriever: Retriever }> {
  const material = await materialFor(deps, sourceIds);
  return { material, retriever: createRetriever(material, deps.embedder) };
}

/** The material a textbook was made from (its linked sources), with a retriever over it. */
export async function loadTextbookMaterial(deps: AppDeps, textbookId: number): Promise<{ material: Material; retriever: Retriever }> {
  const sourceIds = await repo.listTextbookSourceIds(deps.database.db, textbookId);
  const material = await materialFor(deps, sourceIds);
  return { material, retriever: createRetriever(material, deps.embedder) };
}
