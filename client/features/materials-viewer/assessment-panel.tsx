import { Badge } from '@client/components/ui/card';
import { AnswerReveal } from './answer-reveal';
import type { AssessmentContent } from './material-content';

export function AssessmentPanel({ content }: { content: AssessmentContent }) {
  const total = content.totalPoints ?? content.items.reduce((sum, item) => sum + item.points, 0);
  return (
    <div>
      <p className="mb-3 text-sm font-medium">Total points: {total}</p>
      <ol className="space-y-4">
        {content.items.map((item, i) => (
          <li key={i} className="break-inside-avoid rounded-md border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium">
                {i + 1}. {item.prompt}
              </p>
              <Badge className="shrink-0">
                {item.points} {item.points === 1 ? 'point' : 'points'}
              </Badge>
            </div>
            {item.options && item.options.length > 0 && (
              <ul className="mt-2 list-[upper-alpha] space-y-1 pl-6 text-sm">
                {item.options.map((o, j) => (
                  <li key={j}>{o}</li>
                ))}
              </ul>
            )}
            {item.rubric && (
              <div className="mt-3 text-sm">
                <p className="font-semibold">Rubric</p>
                {Array.isArray(item.rubric) ? (
                  <ul className="list-disc pl-6">
                    {item.rubric.map((r, j) => (
                      <li key={j}>{r}</li>
                    ))}
                  </ul>
                ) : (
                  <p>{item.rubric}</p>
                )}
              </div>
            )}
            {item.answer !== undefined && (
              <AnswerReveal>
                <p>
                  <span className="font-semibold">Answer:</span> {item.answer}
                </p>
              </AnswerReveal>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
