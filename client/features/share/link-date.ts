import { format } from 'date-fns';

/** When a link was made, as the version list writes times (docs/product.md, "Numbers"). */
export function formatLinkDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM dd, yyyy h:mm a');
}
