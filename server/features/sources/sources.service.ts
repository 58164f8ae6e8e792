import { createHash } from 'node:crypto';
import type { PublicUser } from '../../../common/auth';
import { embeddingInput, type Embedder } from '../../ai/embeddings';
import type { ExtractedDocument, Material, MaterialChunk, MaterialSource, Retriever } from '../../ai/material';
import { createRetriever } from '../../ai/retrieval';
import type { Db } from '../../db/client';
import type { ChunkRow, SourceRow } from '../../db/schema';
import type { AppDeps } from '../../http/deps';
import type { DraftChunk } from '../../ingest/chunk';
import { chunkDocument } from '../../ingest/chunk';
import type { ExtractOutput } from '../../ingest/extract-document';
import { checkUpload, extractUpload, type UploadedFile } from '../../ingest/extract';
import { documentFromDirectText } from '../../ingest/txt-extract';
import { currentRequestSignal } from '../../core/request-scope';
import * as repo from './sources.repo';

export type IngestStage = 'extract' | 'chunk' | 'embed';
export type IngestProgress = (stage: IngestStage, percent: number) => void;

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
}

/** What `sources.structure` holds: the document without its text (that is `sources.text`). */
type StoredStructure = Omit<ExtractedDocument, 'text' | 'filename' | 'mime'>;

/**
 * Bump when extraction or chunking changes what a file yields (titles, blocks, bibliography):
 * a source is reused by its key, so without this a file uploaded before a fix keeps its old reading forever.
 */
export const extractorVersion = 5;

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

/** Embeds texts in slices so progress can be reported while the workers run. */
async function embedAll(embedder: Embedder, texts: string[], onPercent?: (p: number) => void): Promise<number[][]> {
  const slice = 64;
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += slice) {
    out.push(...(await embedder.embed(texts.slice(i, i + slice))));
    onPercent?.(Math.round((Math.min(texts.length, i + slice) / texts.length) * 100));
  }
  return out;
}

/**
 * Stores one extracted document and its embedded chunks as a source of the
 * user, unless the same bytes are already stored (then that source is used).
 */
async function storeSource(
  db: Db,
  embedder: Embedder,
  owner: PublicUser,
  key: { sha: string; byteSize: number },
  document: ExtractedDocument,
  drafts: DraftChunk[],
  onEmbed?: (p: number) => void,
) {
  const vectors = await embedAll(
    embedder,
    drafts.map((d) => embeddingInput(d.text, d.headingPath)),
    onEmbed,
  );
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
    // Someone stored the same file a moment ago: theirs is as good as ours.
    if (!inserted) return (await repo.findSourceBySha(tx, owner.id, key.sha))!;
    if (pictures?.length) await repo.insertSourceImages(tx, owner.id, inserted.id, pictures);
    await repo.insertChunks(
      tx,
      drafts.map((d, i) => ({
        sourceId: inserted.id,
        ordinal: i,
        headingPath: d.headingPath,
        text: d.text,
        embedding: vectors[i],
        embeddingModel: embedder.model,
      })),
    );
    return inserted;
  });
}

/** Gives chunks stored under another embeddings model (or none) a vector of the current one. */
async function ensureEmbeddings(db: Db, embedder: Embedder, rows: ChunkRow[]): Promise<void> {
  const stale = rows.filter((r) => r.embeddingModel !== embedder.model || !r.embedding);
  if (stale.length === 0) return;
  const vectors = await embedAll(
    embedder,
    stale.map((r) => embeddingInput(r.text, r.headingPath)),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < stale.length; i++) await repo.updateChunkEmbedding(tx, stale[i].id, vectors[i], embedder.model);
  });
  stale.forEach((r, i) => Object.assign(r, { embedding: vectors[i], embeddingModel: embedder.model }));
}

async function materialFor(deps: AppDeps, sourceIds: number[]): Promise<Material> {
  const db = deps.database.db;
  const rows = await repo.listSources(db, sourceIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chunkRows = await repo.listChunks(db, sourceIds);
  await ensureEmbeddings(db, deps.embedder, chunkRows);
  const order = new Map(sourceIds.map((id, i) => [id, i]));
  const pictures = await repo.listSourceImageIds(db, sourceIds);
  return {
    imageUrls: Object.fromEntries(pictures.map((p) => [p.sha256, `/api/images/${p.id}`])),
    sources: sourceIds
      .map((id) => byId.get(id))
      .filter((r): r is SourceRow => !!r)
      .map(toMaterialSource),
    chunks: chunkRows
      .sort((a, b) => (order.get(a.sourceId) ?? 0) - (order.get(b.sourceId) ?? 0) || a.ordinal - b.ordinal)
      .map((r) => toMaterialChunk(r, deps.embedder.model)),
  };
}

/**
 * Course materials in: every file is checked
 * by its bytes first (so a bad file fails before any work), then extracted
 * off the main thread, chunked and embedded, and stored content-addressed per
 * user: the same file sent again (preview, then generate) is neither parsed
 * nor embedded again.
 */
export async function ingestMaterial(
  deps: AppDeps,
  user: PublicUser,
  input: IngestInput,
  onProgress?: IngestProgress,
): Promise<IngestResult> {
  const db = deps.database.db;
  for (const file of input.files) checkUpload(file, deps.config);
  const sourceIds: number[] = [];
  const items = input.files.length + (input.directContent?.trim() ? 1 : 0);
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
    input.files.map(async (file) => {
      const sha = sha256(file.data);
      if (!bySha.has(sha)) {
        bySha.set(
          sha,
          (async () => {
            const existing = await repo.findSourceBySha(db, user.id, sha);
            if (existing) return { existing };
            const extracted = await extractUpload(file, deps.config, { owner: user.id, signal }).catch((err: unknown) => {
              cancel.abort();
              throw err;
            });
            onProgress?.('extract', Math.round((++extractedCount / input.files.length) * 100));
            return { extracted };
          })(),
        );
      }
      return { file, sha, ...(await bySha.get(sha)!) };
    }),
  );
  onProgress?.('chunk', 100);
  for (const item of pending) {
    let source = item.existing ?? (await repo.findSourceBySha(db, user.id, item.sha));
    if (!source && item.extracted) {
      source = await storeSource(
        db,
        deps.embedder,
        user,
        { sha: item.sha, byteSize: item.file.data.length },
        item.extracted.document,
        item.extracted.chunks,
        (p) => report('embed', p),
      );
    }
    if (source) sourceIds.push(source.id);
    done++;
  }

  const content = input.directContent?.trim();
  if (content) {
    const document = documentFromDirectText(input.directContent ?? '', input.chapterTitle);
    const sha = sha256(`direct\0${input.chapterTitle?.trim() ?? ''}\0${content}`);
    let source = await repo.findSourceBySha(db, user.id, sha);
    if (!source) {
      report('chunk', 0);
      source = await storeSource(
        db,
        deps.embedder,
        user,
        { sha, byteSize: Buffer.byteLength(content) },
        document,
        chunkDocument(document),
        (p) => report('embed', p),
      );
    }
    sourceIds.push(source.id);
    done++;
  }

  const uniqueIds = [...new Set(sourceIds)];
  const material = await materialFor(deps, uniqueIds);
  onProgress?.('embed', 100);
  const documents = material.sources.map((s) => s.document);
  return {
    material,
    retriever: createRetriever(material, deps.embedder),
    text: documents.map((d) => d.text).join('\n\n'),
    sourceIds: uniqueIds,
    documents,
  };
}

/** The material a textbook was made from (its linked sources), with a retriever over it. */
export async function loadTextbookMaterial(deps: AppDeps, textbookId: number): Promise<{ material: Material; retriever: Retriever }> {
  const sourceIds = await repo.listTextbookSourceIds(deps.database.db, textbookId);
  const material = await materialFor(deps, sourceIds);
  return { material, retriever: createRetriever(material, deps.embedder) };
}
