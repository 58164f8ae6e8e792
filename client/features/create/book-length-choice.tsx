import type { BookLength } from '@common/textbook';

const choices: Array<{ value: BookLength; label: string; hint: string }> = [
  { value: 'full', label: 'Whole material', hint: 'Every word of your files is in the book, however long.' },
  {
    value: 'condensed',
    label: 'Condensed',
    hint: 'Long material is shortened to about 40,000 words; code, tables and contact lines stay whole, and the book lists what was shortened.',
  },
];

/** The book's length at generation: the whole material unless the user chooses a condensed book. */
export function BookLengthChoice({ value, onChange }: { value: BookLength; onChange: (value: BookLength) => void }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">Book length</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {choices.map((c) => (
          <div key={c.value} className="flex flex-1 items-start gap-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
            <input
              id={`book-length-${c.value}`}
              type="radio"
              name="book-length"
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="mt-1"
            />
            <label htmlFor={`book-length-${c.value}`} className="cursor-pointer">
              <span className="font-medium">{c.label}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{c.hint}</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
