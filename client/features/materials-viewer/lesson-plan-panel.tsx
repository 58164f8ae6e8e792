import type { LessonPlanContent } from './material-content';

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="break-inside-avoid">
      <h4 className="mb-1 font-semibold">{title}</h4>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {items.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </section>
  );
}

/** Activities as a timeline: each starts where the previous one ended. */
export function LessonPlanPanel({ content }: { content: LessonPlanContent }) {
  const planned = content.activities.reduce((sum, a) => sum + a.minutes, 0);
  let start = 0;
  return (
    <div className="space-y-5">
      <p className="text-sm font-medium">Duration: {content.durationMinutes ?? planned} minutes</p>
      <List title="Objectives" items={content.objectives} />
      {content.activities.length > 0 && (
        <section>
          <h4 className="mb-2 font-semibold">Activities</h4>
          <ol className="relative space-y-4 border-l-2 border-indigo-200 pl-5 dark:border-indigo-800">
            {content.activities.map((a, i) => {
              const from = start;
              start += a.minutes;
              return (
                <li key={i} className="relative break-inside-avoid">
                  <span className="absolute -left-[27px] top-1 h-3 w-3 rounded-full bg-indigo-500" aria-hidden />
                  <p className="text-xs font-medium text-indigo-700 dark:text-indigo-300">
                    {from}-{start} min ({a.minutes} min)
                  </p>
                  <p className="font-medium">{a.title}</p>
                  {a.description && <p className="text-sm text-slate-600 dark:text-slate-300">{a.description}</p>}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <List title="Materials" items={content.materials} />
      <List title="Assessment" items={content.assessment} />
    </div>
  );
}
