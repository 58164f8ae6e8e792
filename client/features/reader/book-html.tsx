import { memo, useLayoutEffect, useRef } from 'react';
import { cn } from '@client/lib/cn';
import { renderMath } from './render-math';

/**
 * A chapter's or section's HTML as stored: sanitized on every write (docs/decisions.md), and the
 * page's Content-Security-Policy runs no inline script. Formulas are typeset before paint.
 */
export const BookHtml = memo(function BookHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    renderMath(root);
    // A picture the author gave no description is marked decorative rather than read out as its address.
    for (const img of Array.from(root.querySelectorAll('img:not([alt])'))) img.setAttribute('alt', '');
  }, [html]);
  return <div ref={ref} className={cn('reader-prose', className)} dangerouslySetInnerHTML={{ __html: html }} />;
});
