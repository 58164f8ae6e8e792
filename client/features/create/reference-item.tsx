import { Check, ExternalLink, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import type { Reference } from './create.types';
import { safeHref } from './normalize-references';

/** One reference of docs/product.md: title, description, authors, year, publisher, url, and its approval toggle. */
export function ReferenceItem({ reference, onToggle }: { reference: Reference; onToggle: () => void }) {
  const href = reference.url ? safeHref(reference.url) : null;
  const meta = [reference.authors, reference.year !== '' ? String(reference.year) : '', reference.publisher].filter(Boolean);
  return (
    <li
      data-testid="reference-item"
      className={cn(
        'rounded-md border p-3 text-sm',
        reference.approved
          ? 'border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-950/40'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">{reference.title}</p>
          {reference.description && <p className="line-clamp-3 text-slate-600 dark:text-slate-300">{reference.description}</p>}
          {meta.length > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{meta.join(' · ')}</p>}
          {reference.url &&
            (href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 break-all text-xs text-indigo-600 hover:underline dark:text-indigo-400"
              >
                {reference.url}
                <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
              </a>
            ) : (
              <p className="break-all text-xs text-slate-500">{reference.url}</p>
            ))}
        </div>
        <Button
          size="sm"
          variant={reference.approved ? 'default' : 'outline'}
          aria-pressed={reference.approved}
          onClick={onToggle}
          className={cn('shrink-0', reference.approved && 'bg-emerald-600 hover:bg-emerald-700')}
        >
          {reference.approved ? <Check className="h-4 w-4" aria-hidden /> : <X className="h-4 w-4" aria-hidden />}
          {reference.approved ? 'Approved' : 'Not approved'}
        </Button>
      </div>
    </li>
  );
}
