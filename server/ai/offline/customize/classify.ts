import { parseNumber } from '../chat/words';
import { parsePartsRequest, type PartsRequest } from './parts';

/** Which of the restructurings the guidance asks for, or free instructions. */
export type Instruction =
  | { kind: 'classOutline'; weekly: boolean }
  | { kind: 'syllabus'; weeks: number }
  | { kind: 'chronological' }
  | { kind: 'applications' }
  | { kind: 'levels' }
  | { kind: 'parts'; request: PartsRequest }
  | { kind: 'free' };

const numberWord =
  '(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)';
const weeksPattern = new RegExp(`\\b${numberWord}[\\s-]*weeks?\\b`, 'i');

export function classifyGuidance(guidance: string, originalDocument?: string): Instruction {
  const g = guidance.toLowerCase();
  const parts = parsePartsRequest(guidance);
  if (parts) return { kind: 'parts', request: parts };
  const hasDocument = !!originalDocument?.trim();
  const weekly = /\bweek(?:ly|s)?\b/.test(g);
  if (
    /\b(?:class|course|my|the|our)\s+(?:outline|syllabus|schedule)\b|\bweekly topics\b|\bfollow\b|\breference document\b/.test(g) &&
    !weeksPattern.test(g)
  ) {
    return { kind: 'classOutline', weekly };
  }
  const weeks = weeksPattern.exec(guidance);
  if (weeks && /\b(?:syllabus|course|semester|term|schedule|plan|weeks?)\b/.test(g)) {
    const n = parseNumber(weeks[1].toLowerCase());
    if (n !== null) return { kind: 'syllabus', weeks: n };
  }
  if (
    /\bchronolog|\btimeline\b|\b(?:historical|time|date) order\b|\bby (?:date|era|period|year)\b|\bin order of (?:time|date|history)\b/.test(
      g,
    )
  )
    return { kind: 'chronological' };
  if (/\bapplication|\bapplied\b|\bpractical\b|\bworked examples?\b|\bhands-on\b|\breal[- ]world\b/.test(g))
    return { kind: 'applications' };
  if (/\bbeginners?\b.*\bintermediate\b|\bintermediate\b.*\badvanced\b|\bdifficulty levels?\b|\bby (?:difficulty|level)\b/.test(g))
    return { kind: 'levels' };
  // A pasted outline with guidance that names no other instruction: follow the outline.
  if (hasDocument && !/\b(?:merge|move|split|rename|chapters?)\b/.test(g)) return { kind: 'classOutline', weekly };
  return { kind: 'free' };
}
