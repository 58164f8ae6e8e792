import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import type { ProvenanceSource, ProvenanceVerdict } from '@common/provenance';
import { pagePictureUrl } from '@common/provenance';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { cn } from '@client/lib/cn';
import { MathText, wholeFormulaSpan } from './math-text';

export const verdictLabels: Record<ProvenanceVerdict, string> = {
  material: 'From the material',
  supported: 'Supported',
  unsupported: 'Unsupported',
  unknown: 'Source unknown',
  typed: 'Typed by a person',
};

/** Colour per verdict; the label is always written too, so colour is never the only sign. */
export const verdictColours: Record<ProvenanceVerdict, string> = {
  material: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  supported: 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  unsupported: 'border-rose-500 bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
  unknown: 'border-slate-400 bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-200',
  typed: 'border-violet-500 bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
};

export function VerdictBadge({ verdict }: { verdict: ProvenanceVerdict }) {
  return (
    <span className={cn('inline-block rounded border-l-4 px-2 py-0.5 text-xs font-medium', verdictColours[verdict])}>
      {verdictLabels[verdict]}
    </span>
  );
}

/** Where in its file a passage is: "page 4" of a PDF, "paragraph 12" of a DOCX or Markdown file. */
export function placeOf(source: ProvenanceSource): string {
  if (source.page !== undefined) return `page ${source.page}`;
  if (source.paragraph !== undefined) return `paragraph ${source.paragraph + 1}`;
  return '';
}

/** The passage with its matched span marked and its inline formulas drawn. */
export function PassageText({ source }: { source: ProvenanceSource }) {
  const { passage } = source;
  if (!source.span) return <MathText text={passage} />;
  const span = wholeFormulaSpan(passage, source.span);
  return (
    <>
      <MathText text={passage.slice(0, span.start)} />
      <mark className="rounded bg-amber-200 px-0.5 dark:bg-amber-700 dark:text-white">
        <MathText text={passage.slice(span.start, span.end)} />
      </mark>
      <MathText text={passage.slice(span.end)} />
    </>
  );
}

/**
 * The page of a PDF as a picture; when it cannot be shown (a file stored before pages were kept), says so. The server
 * draws a page the first time it is asked for (a few seconds): until the picture arrives, a line says it is coming.
 */
function PagePicture({ url, alt }: { url: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  if (state === 'failed')
    return <p className="text-sm text-slate-500 dark:text-slate-400">The page picture cannot be shown; the passage is below.</p>;
  return (
    <>
      {state === 'loading' && (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Drawing the page…
        </p>
      )}
      <img
        src={url}
        alt={alt}
        className="mx-auto max-w-full border border-slate-200 dark:border-slate-700"
        onLoad={() => setState('shown')}
        onError={() => setState('failed')}
      />
    </>
  );
}

/**
 * File, place and heading path of a passage, the passage itself, and "Open in source": the PDF's page as a
 * picture, and the passage in its context (the text just before and after it) with the span marked.
 */
export function SourceDetails({ source, textbookId }: { source: ProvenanceSource; textbookId: number }) {
  const [open, setOpen] = useState(false);
  const place = placeOf(source);
  const picture = source.isPdf && source.page !== undefined ? pagePictureUrl(textbookId, source.documentId, source.page) : null;
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">File</dt>
        <dd className="break-words">{source.filename}</dd>
        {place && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Where</dt>
            <dd>{place}</dd>
          </>
        )}
        {source.headingPath.length > 0 && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Heading</dt>
            <dd className="break-words">{source.headingPath.join(' › ')}</dd>
          </>
        )}
      </dl>
      <blockquote aria-label="Source passage" className="border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-600">
        <PassageText source={source} />
      </blockquote>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookOpen className="h-4 w-4" aria-hidden /> Open in source
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{source.filename}</DialogTitle>
              <DialogDescription>{[place, source.headingPath.join(' › ')].filter(Boolean).join(' · ')}</DialogDescription>
            </DialogHeader>
            {picture && <PagePicture url={picture} alt={`Page ${source.page} of ${source.filename}`} />}
            <div className="space-y-3 text-sm leading-relaxed" data-testid="source-context">
              {source.context.before && (
                <p className="text-slate-500 dark:text-slate-400">
                  <MathText text={source.context.before} />
                </p>
              )}
              <p>
                <PassageText source={source} />
              </p>
              {source.context.after && (
                <p className="text-slate-500 dark:text-slate-400">
                  <MathText text={source.context.after} />
                </p>
              )}
            </div>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
