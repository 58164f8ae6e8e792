import type { BookSentence } from '@server/ai/shared/book-sentences';
import { genericWord } from './distractors';
import type { QuestionCandidate } from './questions';

/**
 * Short answers with a model answer and a rubric, from the sentences that say what a thing of
 * something is: "The mode of a list of numbers is the number which appears most frequently." asks
 * "What is the mode of a list of numbers?". The model answer is the source sentence; the rubric is
 * its key points (what the thing is, and each clause that qualifies it), one mark each.
 */
const ofDefinition =
  /^(?:The|An?)\s+((\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*){0,2})\s+of\s+(?:an?\s+|the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,4})\s+(is|are)\s+((?:the|an?)\s+[^,;:()]{8,120})\.$/u;

/** The key points of a defining phrase: its head ("the number") and each clause that qualifies it ("which appears most frequently"). */
export function keyPoints(definition: string): string[] {
  return definition
    .split(/\s+(?=(?:which|that|who|whose|where|when|with|such that)\b)/i)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= 2);
}

export function definitionShortAnswers(sentences: readonly BookSentence[]): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  for (const s of sentences) {
    if (!s.isStandalone) continue;
    const m = ofDefinition.exec(s.plain);
    if (!m) continue;
    const [, thing, head, verb, definition] = m;
    // "The value of ...", "The result of ...": a word every text uses says what the sentence computes, not a concept.
    if (genericWord.test(head.split(/\s+/).pop()!.toLowerCase()) || /\b(?:this|these|those|it|its)\b/i.test(thing)) continue;
    const points = keyPoints(definition);
    if (points.length < 2) continue;
    out.push({
      question: {
        type: 'short-answer',
        prompt: `What ${verb} the ${thing}?`,
        answer: s.plain,
        explanation: `Model answer from "${s.sectionTitle ? `${s.chapterTitle} - ${s.sectionTitle}` : s.chapterTitle}". Rubric: one mark for each point: ${points.map((p, i) => `(${i + 1}) ${p}`).join('; ')}.`,
        source: s.text,
      },
      source: s,
      answerKey: `short:${thing.toLowerCase()}`,
      kind: 'definition',
    });
  }
  return out;
}
