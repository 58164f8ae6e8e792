import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { EditorSelection } from '../editor/editor-selection';

/**
 * Spec 4: the floating 'Expand' chip above non-empty selected text. It hides
 * on a click outside the editor and the chip (inside the editor, the editor
 * reports an empty selection itself).
 */
export function ExpandChip({ selection, onExpand, onDismiss }: { selection: EditorSelection | null; onExpand: () => void; onDismiss: () => void }) {
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
  const top = Math.max(8, selection.rect.top - 40);
  return (
    <button
      ref={ref}
      type="button"
      data-testid="expand-chip"
      className="no-print fixed z-40 inline-flex items-center gap-1 rounded-full bg-indigo-600 px-3 py-1 text-xs font-medium text-white shadow-lg hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      style={{ top, left: Math.max(8, selection.rect.left) }}
      // Keep the editor's selection: a mousedown here would otherwise collapse it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onExpand}
    >
      <Sparkles className="h-3 w-3" aria-hidden /> Expand
    </button>
  );
}
