import type { LanguageModel } from 'ai';
import type { LlmOutlineOperation } from './schemas';
import type { TextbookContent } from '@common/textbook';
import type { ChatInput, ChatResult, EngineContext } from '../engine';
import * as ops from '@common/textbook-ops';
import { htmlToText } from '@common/textbook-ops/html';
import { keepGivenCitations } from './outline/citations';
import { numberMaterial, type NumberedMaterial } from './outline/prompt-material';
import { assistantPrompt } from './prompts/assistant';
import { citedParagraphsHtml, SourceNotes } from './source-notes';
import { askStructured } from './structured';

const previewChars = 100;

function describeOutline(book: TextbookContent): string {
  return book.chapters
    .map((c, i) => {
      const sections = c.sections.map((s, j) => `   ${i + 1}.${j + 1} ${s.title}: ${htmlToText(s.content).slice(0, previewChars)}`);
      return [`${i + 1}. ${c.title}`, ...sections].join('\n');
    })
    .join('\n');
}

/** Applies one model operation (1-based numbers) with the shared outline operations. */
function applyOperation(book: TextbookContent, op: LlmOutlineOperation, material: NumberedMaterial): ops.OpResult {
  switch (op.op) {
    case 'addChapter':
      return ops.addChapter(book, { title: op.title, position: op.position ? op.position - 1 : undefined });
    case 'removeChapter':
      return ops.removeChapter(book, op.chapter - 1);
    case 'renameChapter':
      return ops.renameChapter(book, op.chapter - 1, op.title);
    case 'moveChapter':
      return ops.moveChapter(book, op.chapter - 1, op.position - 1);
    case 'splitChapter':
      return ops.splitChapter(book, op.chapter - 1, op.parts);
    case 'mergeChapters':
      return ops.mergeChapters(book, op.first - 1, op.second - 1);
    case 'resizeChapters':
      return ops.resizeChapters(book, op.count);
    case 'addSection': {
      const notes = new SourceNotes(material.positions);
      const kept = (op.paragraphs ?? []).map((p) => keepGivenCitations(p, material.keys, { keepSourceKeys: true }).text);
      // Each paragraph keeps the passage it cites as its stored source (source-notes.ts).
      return ops.addSection(book, op.chapter - 1, {
        title: op.title,
        content: citedParagraphsHtml(kept, notes, material.positions) + notes.html(),
      });
    }
    case 'removeSection':
      return ops.removeSection(book, op.chapter - 1, op.section - 1);
    case 'renameSection':
      return ops.renameSection(book, op.chapter - 1, op.section - 1, op.title);
    case 'moveSection':
      return ops.moveSection(
        book,
        { chapter: op.chapter - 1, section: op.section - 1 },
        { chapter: op.toChapter - 1, index: op.position ? op.position - 1 : Number.MAX_SAFE_INTEGER },
      );
    case 'splitSection':
      return ops.splitSection(book, op.chapter - 1, op.section - 1, op.parts);
    case 'mergeSections':
      return ops.mergeSections(book, op.chapter - 1, op.first - 1, op.second - 1);
  }
}

/**
 * The llm outline assistant: the model reads the request with the outline
 * and the passages of the material that match it, answers, and lists the
 * structural operations to make. The server applies them with the same
 * operations as the offline assistant (ids kept, no text lost); if any
 * cannot be applied, nothing changes and the reply says why.
 */
export async function llmChat(model: LanguageModel, ctx: EngineContext, input: ChatInput): Promise<ChatResult> {
  const chunks = await ctx.retriever.search(input.message, { limit: 6 });
  const material = numberMaterial(chunks, input.content.references ?? [], ctx.material);
  const reply = await askStructured(model, {
    ...assistantPrompt({ topic: input.topic, outline: describeOutline(input.content), material: material.text, message: input.message }),
    what: 'assistant reply',
  });
  // A grounded answer: the keys it cites become numbered notes, listed with the file, heading and page each stands for.
  const notes = new SourceNotes(material.positions);
  const cited = notes.number(keepGivenCitations(reply.message, material.keys, { keepSourceKeys: true }).text) || 'Done.';
  const message = notes.size ? `${cited}\n\nSources:\n${notes.text()}` : cited;
  if (reply.operations.length === 0) return { message };
  let book = input.content;
  const summaries: string[] = [];
  for (const op of reply.operations) {
    const result = applyOperation(book, op, material);
    if (!result.ok) return { message: `I couldn't make that change: ${result.reason} The outline is unchanged.` };
    book = result.content;
    summaries.push(result.summary);
  }
  return { message: `${cited}${cited.endsWith('.') ? '' : '.'} ${summaries.join(' ')}`.trim(), updatedContent: book };
}
