import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** ms before it closes by itself; image and link toasts last 3000 ms. */
  duration?: number;
  /** One button in the toast ("Undo"); clicking it closes the toast. */
  action?: { label: string; onClick: () => void };
}
export interface ToastItem extends ToastInput {
  id: number;
}

// One toast visible at a time; a new one replaces the old.
let current: ToastItem | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id };
  clearTimeout(timer);
  timer = setTimeout(() => dismissToast(id), input.duration ?? 5000);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
