import { format } from 'date-fns';

/** Versions show 'MMM dd, yyyy h:mm a' in the reader's time zone. */
export function formatVersionDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM dd, yyyy h:mm a');
}
