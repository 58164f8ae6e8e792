import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult, EngineContext } from '@server/ai/engine';
import { applyCommand } from '../chat/apply-command';
import { parseChapterRef, parseRequest, type Command } from '../chat/parse-request';
import { materialSectionWriter } from '../chat/section-writer';

export const cannotActMessage =
  'I could not work out how to restructure the textbook from that guidance, so nothing was changed. I can group chapters into parts, reorder, merge, split and rename: try "Group chapters 1-3 into a part called Foundations", "make it 6 chapters", "merge Loops and Functions" or "move Recursion first".';

/** Instructions are separated by lines, semicolons, sentences or "then". */
export function splitInstructions(guidance: string): string[] {
  return guidance
    .split(/\r?\n|;|(?<=[.!?])\s+(?=[A-Z])|,?\s+and then\s+|,?\s+then\s+/)
    .map((s) => s.replace(/^\s*(?:[-*\u2022]|\d{1,2}[.)])\s*/, '').trim())
    .filter((s) => s.replace(/[.!?\s]/g, '').length > 0);
}

/** "move X first" / "put X last": the short forms the outline assistant's grammar does not take. */
function parseMoveToEnd(text: string): Command | null {
  const m = /^(?:please\s+)?(?:move|put|place|bring)\s+(.+?)\s+(?:to\s+the\s+)?(first|last|front|end|beginning|start)[.!]?$/i.exec(
    text.trim(),
  );
  if (!m) return null;
  const chapter = parseChapterRef(m[1]);
  if (!chapter) return null;
  return { op: 'moveChapter', chapter, to: { kind: /^(first|front|beginning|start)$/i.test(m[2]) ? 'first' : 'last' } };
}

/**
 * Guidance in plain words: each instruction is parsed with the outline
 * assistant's grammar and applied in turn with the same structural
 * operations (ids kept, merges concatenate, splits divide). Removing parts is
 * refused: restructuring never loses content. Any instruction that cannot be
 * read or done stops the whole change with a clear reason (422).
 */
export async function applyFreeGuidance(ctx: EngineContext, book: TextbookContent, guidance: string): Promise<CustomizeResult> {
  const instructions = splitInstructions(guidance);
  if (instructions.length === 0) throw new AppError('UNPROCESSABLE', cannotActMessage);
  let current = book;
  const done: string[] = [];
  for (const instruction of instructions) {
    let command = parseMoveToEnd(instruction);
    if (!command) {
      const parsed = parseRequest(instruction);
      if (parsed.kind !== 'command') {
        throw new AppError(
          'UNPROCESSABLE',
          instructions.length > 1
            ? `I could not act on "${instruction}", so nothing was changed. ${cannotActMessage.split('. ').slice(1).join('. ')}`
            : cannotActMessage,
        );
      }
      command = parsed.command;
    }
    if (command.op === 'removeChapters' || command.op === 'removeSection') {
      throw new AppError(
        'UNPROCESSABLE',
        'Restructuring keeps all of the content, so it does not delete chapters or sections; delete them in the Add Chapters/Sections tab. Nothing was changed.',
      );
    }
    const result = await applyCommand(current, command, materialSectionWriter(ctx.material));
    if (!result.ok) throw new AppError('UNPROCESSABLE', `${result.reason} Nothing was changed.`);
    current = result.content;
    done.push(result.summary);
  }
  return { content: current, summary: done.join(' ') };
}
