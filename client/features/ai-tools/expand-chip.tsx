import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { EditorSelection } from '../editor/editor-selection';

/**
 * The floating 'Expand' chip above non-empty selected text. It hides
 * on a click outside the editor and the chip (inside the editor, the editor
 * reports an empty selection itself).
 */
export function ExpandChip({
  selection,
  onExpand,
  onDismiss,
}: {
  selection: EditorSelection | null;
  onExpand: () => void;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!selection) return;
    const onPointerDown = (event: MouseEvent) => {
      if (ref.current && event.target instanceof Node && ref.current.contains(event.target)) return;
      // Inside the editor the selection itself decides (an empty one hides the chip); a triple click must not.
      if (event.target instanceof Element && event.target.closest('[contenteditable="true"]')) return;
      onDismiss();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [selection, onDismiss]);

  if (!selection || !selection.text.trim()) return null;
  const { top, left } = chipPosition(selection, headerBottom());
  return (
    <button
      ref={ref}
      type="button"
      data-testid="expand-chip"
      className="no-print fixed z-40 inline-flex items-center gap-1 rounded-full bg-indigo-600 px-3 py-1 text-xs font-medium text-white shadow-lg hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      style={{ top, left }}
      // Keep the editor's selection: a mousedown here would otherwise collapse it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onExpand}
    >
      <Sparkles className="h-3 w-3" aria-hidden /> Expand
    </button>
  );
}

const chipHeight = 28;
const chipWidth = 88;

/** The bottom of the page header when it stays on screen (sticky or fixed), else 0. */
function headerBottom(): number {
  const header = typeof document === 'undefined' ? null : document.querySelector('header');
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === 'sticky' || position === 'fixed' ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Above the selection when there is room inside the editor and below the header; otherwise
 * just under the selection's first line. Horizontally kept inside the editor.
 */
export function chipPosition(selection: Pick<EditorSelection, 'rect' | 'bounds'>, header: number): { top: number; left: number } {
  const { rect, bounds } = selection;
  const minTop = Math.max(8, header + 4, bounds ? bounds.top + 4 : 0);
  let top = rect.top - chipHeight - 12;
  if (top < minTop) top = rect.bottom + 8;
  let left = Math.max(8, rect.left);
  if (bounds) left = Math.min(Math.max(left, bounds.left + 4), Math.max(bounds.left + 4, bounds.right - chipWidth - 4));
  return { top, left };
}
