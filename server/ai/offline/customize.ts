import { AppError } from '@server/core/app-error';
import type { AuthoringEngine, CustomizeResult } from '../engine';
import { applicationFocus } from './customize/applications';
import { chronologicalOrder } from './customize/chronological';
import { classifyGuidance } from './customize/classify';
import { followClassOutline } from './customize/class-outline';
import { applyFreeGuidance } from './customize/free-guidance';
import { splitByLevel } from './customize/levels';
import { groupIntoParts } from './customize/parts';
import { bookUnits, lostSentences } from '../shared/units';
import { weeklySyllabus } from './customize/weekly-syllabus';

/**
 * Restructures the book as the guidance asks: the five example instructions
 * of docs/product.md (a pasted class outline, an N-week syllabus, chronological order,
 * application focus, three difficulty levels) and plain structural
 * instructions. Content only moves: a final check refuses any result that
 * would drop a sentence of the book.
 */
export const customizeStructure: AuthoringEngine['customizeStructure'] = async (ctx, input) => {
  const book = input.book;
  if (book.chapters.length === 0) throw new AppError('UNPROCESSABLE', 'The textbook has no chapters to restructure yet.');
  const instruction = classifyGuidance(input.guidance, input.originalDocument);
  const units = bookUnits(book);
  let result: CustomizeResult;
  switch (instruction.kind) {
    case 'classOutline': {
      // Without a pasted document, an outline written into the guidance itself (one topic per line) is followed.
      const document = input.originalDocument?.trim() ? input.originalDocument : input.guidance.split(/\r?\n/).slice(1).join('\n');
      result = followClassOutline(book, units, document, instruction.weekly);
      break;
    }
    case 'syllabus':
      result = weeklySyllabus(book, units, instruction.weeks);
      break;
    case 'chronological':
      result = chronologicalOrder(book);
      break;
    case 'applications':
      result = await applicationFocus(ctx, book);
      break;
    case 'levels':
      result = splitByLevel(book);
      break;
    case 'parts':
      result = groupIntoParts(book, instruction.request);
      break;
    case 'free':
      result = await applyFreeGuidance(ctx, book, input.guidance);
      break;
  }
  const lost = lostSentences(book, result.content);
  if (lost.length > 0) {
    // A bug, not the user's fault: refuse rather than save a book with text missing.
    throw new AppError('INTERNAL', 'Restructuring would have lost part of the textbook, so nothing was changed.');
  }
  return result;
};
