import { useId, type ReactNode } from 'react';

export interface SelectFieldProps {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
  /** What stands under the select (a link explaining the choice). */
  after?: ReactNode;
}

/** A labelled native select, full width, with the label above it. */
export function SelectField({ label, value, disabled, onChange, children, after }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
      >
        {children}
      </select>
      {after}
    </div>
  );
}
