import { materialContentTypes, type MaterialContentType } from '@common/materials';

const labels: Record<MaterialContentType, string> = {
  quiz: 'Quizzes',
  assessment: 'Assessments',
  lessonPlan: 'Lesson plans',
  homework: 'Homework',
};

function countText(count: number | undefined): string {
  if (!count) return 'none generated yet';
  return `${count} generated`;
}

/** Which kinds of generated materials the reader page shows; answers stay hidden there until a student reveals them. */
export function SharedMaterialsChoice({
  counts,
  value,
  onChange,
  disabled,
}: {
  counts: Partial<Record<MaterialContentType, number>>;
  value: readonly MaterialContentType[];
  onChange: (next: MaterialContentType[]) => void;
  disabled?: boolean;
}) {
  const toggle = (type: MaterialContentType, checked: boolean) =>
    onChange(materialContentTypes.filter((t) => (t === type ? checked : value.includes(t))));
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Materials students can see</legend>
      {materialContentTypes.map((type) => (
        <label key={type} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-indigo-600"
            checked={value.includes(type)}
            onChange={(e) => toggle(type, e.target.checked)}
          />
          <span>{labels[type]}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">({countText(counts[type])})</span>
        </label>
      ))}
      <p className="text-xs text-slate-600 dark:text-slate-300">Answers stay hidden until a student chooses to reveal them.</p>
    </fieldset>
  );
}
