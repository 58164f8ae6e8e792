import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { sortAnnouncements, sortInstructions, useSortSensors } from './sortable-row';

export interface SortableListProps {
  /** The items' keys in their order (each a SortableRow's id among the children). */
  keys: string[];
  /** How a screen reader names an item, e.g. 'chapter "Forces"'. */
  nameOf: (key: string) => string;
  /** An item dropped on another's place: the key moved and the key whose place it takes. */
  onMove: (from: string, to: string) => void;
  children: ReactNode;
}

/** A list sorted by drag or keyboard, announced by item name and position. */
export function SortableList({ keys, nameOf, onMove, children }: SortableListProps) {
  const sensors = useSortSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: sortAnnouncements(
          (id) => nameOf(String(id)),
          (id) => keys.indexOf(String(id)),
          () => keys.length,
        ),
        screenReaderInstructions: sortInstructions,
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
