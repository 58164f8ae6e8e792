import type {
  AddSectionBody,
  AddSectionResponse,
  CustomizeStructureBody,
  CustomizeStructureResponse,
  ExpandChapterBody,
  ExpandChapterResponse,
  ExpandParagraphBody,
  ExpandParagraphResponse,
  GenerateSectionBody,
  GenerateSectionResponse,
} from '@common/ai-tools';
import { restructuredDescription } from '@common/ai-tools';
import type { TextbookContent } from '@common/textbook';
import type { EngineContext } from '@server/ai/engine';
import { addSection } from '@common/textbook-ops';
import { htmlToText } from '@common/textbook-ops/html';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { stampHtml, stampNewText } from '../provenance/provenance-pool';
import { loadTextbookMaterial } from '../sources/sources.service';
import { sanitizeHtml } from '../textbooks/sanitize';
import { saveTextbook } from '../textbooks/save/textbook-save.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import { saveToolResult } from './ai-tools.save';
import { describeContext } from './ai-tools.text';

/**
 * The AI writing tools. Each call: authorize 'edit' (404 for anyone
 * who may not see the book), run the engine on the stored book and its
 * sources outside any transaction (it can take seconds), then store the
 * change through saveTextbook against the revision it started from, so
 * concurrent edits elsewhere in the book are merged rather than lost.
 */
async function loadForEdit(ctx: RequestContext, textbookId: number) {
  const { textbook } = await requireTextbookAccess(ctx.db, textbookId, ctx.user, 'edit');
  return { content: textbook.content, revision: textbook.revision };
}

async function engineContext(ctx: RequestContext, textbookId: number): Promise<EngineContext> {
  return loadTextbookMaterial(ctx, textbookId);
}

function requireChapter(content: TextbookContent, chapterIndex: number) {
  const n = content.chapters.length;
  if (chapterIndex >= n) {
    throw AppError.badRequest(
      n === 0
        ? 'The textbook has no chapters yet.'
        : `There is no chapter ${chapterIndex + 1}: the textbook has ${n} chapter${n === 1 ? '' : 's'}.`,
    );
  }
  return content.chapters[chapterIndex];
}

/**
 * A selection inside one paragraph arrives as inline HTML (text, links, formulas, code): it is made a paragraph, so
 * the engines treat it as one block and the spaces between its words and its links or formulas are kept.
 */
export function selectionAsBlocks(html: string): string {
  const t = html.trim();
  if (!/<[a-z][^>]*>/i.test(t)) return html;
  return /^<(p|h[1-6]|ul|ol|li|blockquote|pre|div|table|figure|hr)\b/i.test(t) ? t : `<p>${t}</p>`;
}

export async function expandParagraph(ctx: RequestContext, body: ExpandParagraphBody): Promise<ExpandParagraphResponse> {
  const { content } = await loadForEdit(ctx, body.textbookId);
  const sources = await engineContext(ctx, body.textbookId);
  const selection = selectionAsBlocks(body.paragraphContent);
  const result = await ctx.engine.expandParagraph(sources, {
    paragraphHtml: selection,
    subject: body.subject,
    context: describeContext(body.context),
    book: content,
  });
  // Nothing is saved here: the editor puts the text in place of the selection and autosaves it. Its blocks the
  // material holds carry their sources (data-src), as a new book's do.
  return {
    expandedContent: sanitizeHtml(result.exhausted ? result.value : await stampHtml(sources.material, result.value, [selection])),
    exhausted: result.exhausted,
    engine: ctx.engine.name,
    ...(result.note ? { note: result.note } : {}),
  };
}

export async function expandChapter(ctx: RequestContext, body: ExpandChapterBody): Promise<ExpandChapterResponse> {
  const { content, revision } = await loadForEdit(ctx, body.textbookId);
  const chapter = requireChapter(content, body.chapterIndex);
  if (chapter.sections.length > 0) {
    throw AppError.badRequest(`Chapter "${chapter.title}" already has sections; expand them one at a time.`);
  }
  // The client's copy may be ahead of the stored one (autosave pending): its text is the one the user sees.
  const chapterContent = body.chapterContent ?? chapter.content;
  if (!htmlToText(chapterContent)) throw AppError.badRequest(`Chapter "${chapter.title}" has no content to expand yet.`);
  const chapterTitle = body.chapterTitle?.trim() || chapter.title;
  const sources = await engineContext(ctx, body.textbookId);
  const result = await ctx.engine.expandChapter(sources, {
    book: content,
    chapterIndex: body.chapterIndex,
    chapterTitle,
    chapterContent,
    sectionCount: body.sectionCount,
  });
  // The new sections' blocks the material holds carry their sources, as a new book's do.
  const next = await stampNewText(sources.material, content, {
    ...content,
    chapters: content.chapters.map((c, i) => (i === body.chapterIndex ? { ...result.value, id: chapter.id, title: chapterTitle } : c)),
  });
  const expanded = next.chapters[body.chapterIndex];
  const outcome = { exhausted: result.exhausted, engine: ctx.engine.name, ...(result.note ? { note: result.note } : {}) };
  // A preview is shown to the user first; accepting it saves through PATCH against `revision`.
  if (body.preview) return { expandedChapter: expanded, textbookContent: next, revision, preview: true, ...outcome };
  // The chapter's text moves into the new sections and its own body is emptied: typing in it since `revision` refuses the save.
  const saved = await saveToolResult(
    ctx,
    {
      textbookId: body.textbookId,
      content: next,
      baseRevision: revision,
      description: `Expanded chapter "${chapterTitle}" into ${body.sectionCount} sections`,
    },
    (conflicts) =>
      conflicts.some((c) => c.chapterId === chapter.id)
        ? `Someone typed in "${chapterTitle}" while it was being expanded, so nothing was changed. Expand it again when they pause.`
        : null,
  );
  return {
    expandedChapter: saved.content.chapters.find((c) => c.id === chapter.id) ?? expanded,
    textbookContent: saved.content,
    revision: saved.revision,
    ...outcome,
  };
}

function findSection(content: TextbookContent, chapterIndex: number, body: GenerateSectionBody): number {
  const sections = content.chapters[chapterIndex].sections;
  if (body.sectionIndex !== undefined) {
    if (body.sectionIndex >= sections.length)
      throw AppError.badRequest(`Chapter ${chapterIndex + 1} has no section ${body.sectionIndex + 1}.`);
    return body.sectionIndex;
  }
  const wanted = body.sectionTitle.trim().toLowerCase();
  return sections.findIndex((s) => s.title.trim().toLowerCase() === wanted);
}

export async function generateSection(ctx: RequestContext, body: GenerateSectionBody): Promise<GenerateSectionResponse> {
  const { content, revision } = await loadForEdit(ctx, body.textbookId);
  const chapter = requireChapter(content, body.chapterIndex);
  const sectionIndex = findSection(content, body.chapterIndex, body);
  const section = sectionIndex >= 0 ? chapter.sections[sectionIndex] : undefined;
  const sources = await engineContext(ctx, body.textbookId);
  const result = await ctx.engine.generateSection(sources, {
    book: content,
    chapterIndex: body.chapterIndex,
    chapterTitle: body.chapterTitle?.trim() || chapter.title,
    sectionTitle: section?.title ?? body.sectionTitle.trim(),
    context: body.context,
    // Only the approved references are sent; anything else is ignored here too.
    references: body.references.filter((r) => r.approved),
    paragraphCount: body.paragraphCount,
    expansionLevel: body.expansionLevel,
  });
  const sectionContent = sanitizeHtml(
    result.exhausted ? result.value : await stampHtml(sources.material, result.value, [section?.content ?? '']),
  );
  const outcome = { exhausted: result.exhausted, engine: ctx.engine.name, ...(result.note ? { note: result.note } : {}) };
  // A section not in the book (a client drafting a new one) gets its text without a save.
  if (!section || result.exhausted) return { sectionContent, ...outcome };
  const next = {
    ...content,
    chapters: content.chapters.map((c, i) =>
      i === body.chapterIndex
        ? { ...c, sections: c.sections.map((s, j) => (j === sectionIndex ? { ...s, content: sectionContent } : s)) }
        : c,
    ),
  };
  if (body.preview) return { sectionContent, textbookContent: next, revision, preview: true, ...outcome };
  const saved = await saveToolResult(
    ctx,
    { textbookId: body.textbookId, content: next, baseRevision: revision, description: `Expanded section "${section.title}"` },
    (conflicts) =>
      conflicts.some((c) => c.sectionId === section.id)
        ? `Someone typed in "${section.title}" while it was being expanded, so nothing was changed. Expand it again when they pause.`
        : null,
  );
  const stored = saved.content.chapters.flatMap((c) => c.sections).find((s) => s.id === section.id);
  return { sectionContent: stored?.content ?? sectionContent, textbookContent: saved.content, revision: saved.revision, ...outcome };
}

export async function customizeStructure(ctx: RequestContext, body: CustomizeStructureBody): Promise<CustomizeStructureResponse> {
  const { content, revision } = await loadForEdit(ctx, body.textbookId);
  const sources = await engineContext(ctx, body.textbookId);
  const restructured = await ctx.engine.customizeStructure(sources, {
    book: content,
    guidance: body.userGuidance.trim(),
    originalDocument: body.originalDocument,
  });
  // Blocks moved keep their sources; text the restructure wrote gets the sources the material holds for it.
  const result = { ...restructured, content: await stampNewText(sources.material, content, restructured.content) };
  if (body.preview) return { textbookContent: result.content, revision, summary: result.summary, preview: true };
  const saved = await saveToolResult(
    ctx,
    {
      textbookId: body.textbookId,
      content: result.content,
      baseRevision: revision,
      description: restructuredDescription(body.userGuidance),
    },
    (conflicts) =>
      conflicts.length > 0
        ? `Someone edited ${conflicts.map((c) => `"${c.title}"`).join(', ')} while the structure was being changed, so nothing was changed. Apply it again when they pause.`
        : null,
  );
  return { textbookContent: saved.content, revision: saved.revision, summary: result.summary };
}

export async function addSectionToChapter(ctx: RequestContext, body: AddSectionBody): Promise<AddSectionResponse> {
  const { content, revision } = await loadForEdit(ctx, body.textbookId);
  const chapterIndex = body.chapterId === undefined ? body.chapterIndex : content.chapters.findIndex((c) => c.id === body.chapterId);
  if (chapterIndex < 0)
    throw AppError.conflict('That chapter is no longer in the textbook: someone removed it. Reload to see the current chapters.');
  requireChapter(content, chapterIndex);
  const added = addSection(content, chapterIndex, {
    title: body.section.title,
    content: body.section.content,
    position: body.position,
  });
  if (!added.ok) throw AppError.badRequest(added.reason);
  const sectionId = added.content.chapters[chapterIndex].sections.find((s) => !content.chapters[chapterIndex].sections.includes(s))?.id;
  const saved = await saveTextbook(ctx, {
    textbookId: body.textbookId,
    content: added.content,
    baseRevision: revision,
    description: `Added section "${body.section.title.trim()}"`,
  });
  // Found by its id: the saved book may hold a collaborator's changes merged in, so positions can differ.
  const section = saved.content.chapters.flatMap((c) => c.sections).find((s) => s.id === sectionId);
  if (!section) throw AppError.conflict('The section was not kept: someone changed that chapter at the same time. Add it again.');
  return { textbookContent: saved.content, revision: saved.revision, section };
}
