import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { limits } from '@common/limits';
import { cn } from '@client/lib/cn';

/** Pointer drags start after 8 px; the keyboard moves items with Space and the arrow keys. */
export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: limits.dragActivationPx } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Screen reader announcements that name the item and its place instead of an internal id. */
export function sortAnnouncements(
  nameOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => number,
  count: () => number,
): Announcements {
  const where = (id: UniqueIdentifier) => `position ${positionOf(id) + 1} of ${count()}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${where(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to ${where(over.id)}.` : `${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${where(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

export const sortInstructions = {
  draggable: 'To pick up an item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
};

export interface SortableRowProps {
  id: string;
  /** The drag handle's accessible name, e.g. 'Drag chapter "Forces"'. */
  handleLabel: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** One sortable list item with a drag handle; only the handle starts a drag, so the row's buttons stay clickable. */
export function SortableRow({ id, handleLabel, children, className, testId }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-testid={testId}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-start gap-2 rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-indigo-400',
        className,
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        aria-label={handleLabel}
        className="mt-0.5 cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 active:cursor-grabbing dark:hover:bg-slate-800"
        {...attributes}
        {...listeners}
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
