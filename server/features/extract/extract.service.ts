import { extractMessages, type ExtractTextResponse, type MaterialFields } from '@common/extract';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import type { UploadedFile } from '@server/ingest/extract';
import { findDocumentReferences } from '@server/references/documents/documents.provider';
import { dedupeGroups } from '@server/references/dedupe';
import { offTopicDocuments, readTopic } from '@server/ai/offline/outline/topic-scope';
import { toReference } from '@server/references/found-reference';
import { ingestMaterial } from '../sources/sources.service';

/** References shown at extraction: enough to judge the material; the references step finds more. */
const maxExtractedReferences = 50;

/**
 * POST /api/extract-text: file mode needs a file, direct mode
 * (directMethod='true') needs non-blank content. Extracts and stores the
 * material, then analyzes it with the configured engine; its embeddings are
 * made after this answer (GET /api/sources/embeddings shows how far).
 */
export async function extractText(
  ctx: RequestContext,
  request: { files: UploadedFile[]; fields: MaterialFields },
): Promise<ExtractTextResponse> {
  const { files, fields } = request;
  const isDirect = fields.directMethod === 'true';
  if (isDirect && !fields.directContent?.trim()) throw new AppError('VALIDATION', extractMessages.noContent);
  if (!isDirect && files.length === 0) throw new AppError('VALIDATION', extractMessages.noFiles);

  const ingested = await ingestMaterial(ctx, {
    files: isDirect ? [] : files,
    directContent: isDirect ? fields.directContent : undefined,
    chapterTitle: isDirect ? fields.chapterTitle : undefined,
  });
  const analysis = await ctx.engine.analyze({ material: ingested.material, retriever: ingested.retriever }, { topic: fields.topic });
  // Each reference names the files it was found in: a file the user leaves out takes its references with it.
  const found = ingested.documents.flatMap((d) => findDocumentReferences([d]).map((ref) => ({ ref, file: d.filename })));
  // The works a page cites from the bibliography uploaded with it are the author's own choice: they come approved.
  const citingPages = new Set((ingested.companions ?? []).flatMap((c) => c.pages));
  const references = dedupeGroups(found.map((f) => f.ref))
    .slice(0, maxExtractedReferences)
    .map((group, i) => {
      const files = [...new Set(group.members.map((m) => found[m].file))];
      return {
        ...toReference(
          group.ref,
          i + 1,
          files.some((f) => citingPages.has(f)),
        ),
        files,
      };
    });
  // A file that never mentions the topic the user typed is named with the reason, so they choose to keep it or leave it out.
  const subject = fields.topic?.trim() ? readTopic(fields.topic).subject : '';
  const unrelated = subject
    ? offTopicDocuments(
        ingested.documents.map((d) => d.text),
        subject,
      )
    : [];
  const offTopicFiles = ingested.documents
    .filter((_, i) => unrelated[i])
    .map((d) => ({
      filename: d.filename,
      reason: `"${d.filename}" does not mention "${subject}", and shares almost none of its words with the other files`,
    }));
  // Each file says what in it could not be read (scanned pages, fonts without text, figures not drawn).
  const warnings = ingested.documents.flatMap((d) => (d.warnings ?? []).map((w) => `${d.filename}: ${w}`));
  // And what each file gave that the user would not expect from a document: slides and notes, scanned pages read as text.
  const summaries = ingested.documents.flatMap((d) => (d.summary ? [`${d.filename}: ${d.summary}`] : []));
  // A bibliography file is read for the pages beside it: said so, with how many of its entries they cite.
  for (const c of ingested.companions ?? [])
    summaries.push(
      `${c.filename}: the bibliography for ${c.pages.join(', ')}: ${c.cited} of its ${c.entries} ${c.entries === 1 ? 'entry' : 'entries'} cited, in the book's references`,
    );
  return {
    extractedText: ingested.text,
    detectedTopic: analysis.detectedTopic,
    objectives: analysis.objectives,
    extractedReferences: references,
    aiSuggestions: analysis.suggestions,
    ...(warnings.length ? { warnings } : {}),
    ...(summaries.length ? { summaries } : {}),
    ...(offTopicFiles.length ? { offTopicFiles } : {}),
    sourceIds: ingested.sourceIds,
  };
}
