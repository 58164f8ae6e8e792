import { Badge } from '@client/components/ui/card';
import { AnswerReveal } from './answer-reveal';
import type { QuizContent } from './material-content';

const typeLabels: Record<string, string> = {
  'multiple-choice': 'Multiple choice',
  'true-false': 'True / False',
  'short-answer': 'Short answer',
};

export function QuizPanel({ content }: { content: QuizContent }) {
  return (
    <ol className="space-y-4">
      {content.questions.map((q, i) => (
        <li key={i} className="break-inside-avoid rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">
              {i + 1}. {q.prompt}
            </p>
            <Badge className="shrink-0">{typeLabels[q.type] ?? q.type}</Badge>
          </div>
          {q.type === 'true-false' && !q.options?.length ? (
            <ul className="mt-2 list-[upper-alpha] pl-6 text-sm">
              <li>True</li>
              <li>False</li>
            </ul>
          ) : (
            q.options &&
            q.options.length > 0 && (
              <ul className="mt-2 list-[upper-alpha] space-y-1 pl-6 text-sm">
                {q.options.map((o, j) => (
                  <li key={j}>{o}</li>
                ))}
              </ul>
            )
          )}
          {q.answer !== undefined && (
            <AnswerReveal>
              <p>
                <span className="font-semibold">Answer:</span> {q.answer}
              </p>
              {q.explanation && (
                <p className="mt-1">
                  <span className="font-semibold">Explanation:</span> {q.explanation}
                </p>
              )}
              {q.source && (
                <p className="mt-1 text-slate-600 dark:text-slate-300">
                  <span className="font-semibold">Source:</span> {q.source}
                </p>
              )}
            </AnswerReveal>
          )}
        </li>
      ))}
    </ol>
  );
}
