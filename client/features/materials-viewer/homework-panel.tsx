import { AnswerReveal } from './answer-reveal';
import type { HomeworkContent } from './material-content';

export function HomeworkPanel({ content }: { content: HomeworkContent }) {
  return (
    <ol className="space-y-4">
      {content.problems.map((p, i) => (
        <li key={i} className="break-inside-avoid rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <p className="font-medium">
            {i + 1}. {p.prompt}
          </p>
          {p.guidance && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              <span className="font-semibold">Guidance:</span> {p.guidance}
            </p>
          )}
          {p.expectedAnswer && (
            <AnswerReveal label="Show expected answer">
              <p>
                <span className="font-semibold">Expected answer:</span> {p.expectedAnswer}
              </p>
            </AnswerReveal>
          )}
        </li>
      ))}
    </ol>
  );
}
