/** Whether the reader link shows each chapter's source notes (the files and pages its text comes from). */
export function SourceNotesChoice({
  value,
  onChange,
  disabled,
}: {
  value: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-indigo-600"
        checked={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        Show source notes
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          Each chapter ends with the files and pages its text comes from.
        </span>
      </span>
    </label>
  );
}
