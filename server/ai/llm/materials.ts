import { generateText, Output, type LanguageModel } from 'ai';
import { materialContentSchemas, materialTypeLabels, type MaterialContentType } from '@common/materials';
import { AppError } from '@server/core/app-error';
import type { EngineContext, GenerateMaterialInput, GeneratedMaterial } from '../engine';
import { quickTokenize } from '@server/core/nlp';
import { chapterText } from '../shared/book-sentences';
import { sentenceKey } from '../shared/sentence-filter';
import { itemProblems } from '../shared/item-checks';
import { objectiveProblem } from '../shared/objective-acts';
import { toProviderError } from './outline/model-errors';
import { materialPrompt } from './prompts/materials';
import type { LlmMaterialOutput } from './schemas';

function normalized(text: string): string {
  return ` ${sentenceKey(text)} `;
}

/** Most of the answer's content words are in the chapter: a paraphrase of it, not outside knowledge. */
function isGrounded(answer: string, chapter: string, chapterTokens: Set<string>): boolean {
  if (normalized(chapter).includes(normalized(answer))) return true;
  const tokens = quickTokenize(answer);
  return tokens.length > 0 && tokens.filter((t) => chapterTokens.has(t)).length / tokens.length >= 0.7;
}

type LlmOutput<T extends MaterialContentType> = LlmMaterialOutput<T>;
type LlmQuestion = LlmOutput<'quiz'>['questions'][number];
type LlmItem = LlmOutput<'assessment'>['items'][number];

/** Keeps only what checks out against the chapter text, repairing what can be repaired (option case, totals). */
function checkAgainstChapter(
  contentType: MaterialContentType,
  output: LlmOutput<MaterialContentType>,
  chapter: string,
  headings: string[] = [],
): unknown {
  const chapterKey = normalized(chapter);
  const chapterTokens = new Set(quickTokenize(chapter));
  const matchOption = (options: string[], answer: string) => options.find((o) => o.trim().toLowerCase() === answer.trim().toLowerCase());
  switch (contentType) {
    case 'quiz': {
      const seen = new Set<string>();
      const keys = new Set<string>();
      const questions = (output as LlmOutput<'quiz'>).questions.flatMap((q): LlmQuestion[] => {
        if (!chapterKey.includes(normalized(q.source)) || seen.has(sentenceKey(q.prompt))) return [];
        // The same checks as the offline engine's items (shared/item-checks.ts), and one item per key.
        if (itemProblems({ ...q, answer: matchOption(q.options ?? [], q.answer) ?? q.answer }).length > 0) return [];
        if (q.type !== 'true-false' && keys.has(sentenceKey(q.answer))) return [];
        seen.add(sentenceKey(q.prompt));
        if (q.type !== 'true-false') keys.add(sentenceKey(q.answer));
        if (q.type === 'true-false') {
          const answer = /^t/i.test(q.answer.trim()) ? 'True' : /^f/i.test(q.answer.trim()) ? 'False' : null;
          return answer ? [{ ...q, options: ['True', 'False'], answer }] : [];
        }
        if (q.type === 'multiple-choice') {
          const options = [...new Map((q.options ?? []).map((o) => [o.trim().toLowerCase(), o.trim()])).values()];
          const answer = matchOption(options, q.answer);
          if (!answer || options.length < 3 || !isGrounded(answer, chapter, chapterTokens)) return [];
          return [{ ...q, options, answer }];
        }
        return isGrounded(q.answer, chapter, chapterTokens) ? [{ ...q, options: undefined }] : [];
      });
      return { questions };
    }
    case 'assessment': {
      const items = (output as LlmOutput<'assessment'>).items.flatMap((item): LlmItem[] => {
        const points = Math.max(1, Math.round(item.points));
        if (
          item.type !== 'essay' &&
          itemProblems({ type: item.type, prompt: item.prompt, answer: item.answer ?? '', options: item.options, source: '' }).length > 0
        )
          return [];
        if (item.type === 'multiple-choice') {
          const answer = item.answer && matchOption(item.options ?? [], item.answer);
          return answer && isGrounded(answer, chapter, chapterTokens) ? [{ ...item, answer, points }] : [];
        }
        if (item.type === 'true-false') return [{ ...item, options: ['True', 'False'], points }];
        return item.rubric && item.rubric.length > 0 ? [{ ...item, options: undefined, points }] : [];
      });
      return { items, totalPoints: items.reduce((sum, i) => sum + i.points, 0) };
    }
    case 'lessonPlan': {
      const plan = output as LlmOutput<'lessonPlan'>;
      const activities = plan.activities.map((a) => ({ ...a, minutes: Math.max(1, Math.round(a.minutes)) }));
      // The duration is what the activities add up to, whatever the model said.
      return {
        // Objectives pass the composer's rules (shared/objective-acts.ts): an action on a term or task, never a heading.
        objectives: plan.objectives.filter((o) => !objectiveProblem(o, headings)),
        durationMinutes: activities.reduce((n, a) => n + a.minutes, 0),
        activities,
        materials: plan.materials,
        assessment: plan.assessment,
      };
    }
    case 'homework':
      return { problems: (output as LlmOutput<'homework'>).problems.filter((p) => p.prompt.trim() && p.guidance.trim()) };
  }
}

/** llm materials: the chapter's text to the model, the answer checked against that text before it is kept. */
export async function llmGenerateMaterial(
  model: LanguageModel,
  ctx: EngineContext,
  input: GenerateMaterialInput,
): Promise<GeneratedMaterial> {
  const { book, contentType, chapterIndex } = input;
  const label = materialTypeLabels[contentType];
  const scopeTitle = chapterIndex === undefined ? book.title || 'the textbook' : book.chapters[chapterIndex].title;
  const text = chapterText(book, chapterIndex);
  if (!text.trim())
    throw new AppError(
      'UNPROCESSABLE',
      `There is no text in "${scopeTitle}" to build a ${label.toLowerCase()} from yet. Add or expand its content first.`,
    );
  const others = book.chapters.filter((_, i) => i !== chapterIndex).map((c) => c.title);
  let output: LlmOutput<MaterialContentType>;
  try {
    const asked = materialPrompt({
      contentType,
      bookTitle: book.title,
      chapterTitle: chapterIndex === undefined ? undefined : scopeTitle,
      others,
      text,
    });
    const result = await generateText({
      model,
      output: Output.object<unknown>({ schema: asked.schema }),
      system: asked.system,
      prompt: asked.prompt,
    });
    output = result.output as LlmOutput<MaterialContentType>;
  } catch (err) {
    throw toProviderError(err, label.toLowerCase());
  }
  ctx.onProgress?.(90);
  const headings = (chapterIndex === undefined ? book.chapters : [book.chapters[chapterIndex]]).flatMap((c) => [
    c.title,
    ...c.sections.map((s) => s.title),
  ]);
  const checked = materialContentSchemas[contentType].safeParse(checkAgainstChapter(contentType, output, text, headings));
  if (!checked.success) {
    throw new AppError(
      'PROVIDER_ERROR',
      `The language model's ${label.toLowerCase()} could not be checked against the text of "${scopeTitle}". Please try again.`,
    );
  }
  return {
    title: chapterIndex === undefined ? `${label}: ${scopeTitle} (whole book)` : `${label}: ${scopeTitle}`,
    description: output.description.trim() || `${label} on "${scopeTitle}".`,
    contentType,
    chapterTitle: chapterIndex === undefined ? undefined : scopeTitle,
    content: checked.data,
  };
}
