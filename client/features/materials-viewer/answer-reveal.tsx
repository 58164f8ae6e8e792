import { useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

/** Hides an answer until asked (a printed page shows only the answers revealed). */
export function AnswerReveal({ children, label = 'Show answer' }: { children: ReactNode; label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="mt-2">
      <Button variant="link" size="sm" className="no-print h-auto px-0" aria-expanded={isOpen} onClick={() => setIsOpen((o) => !o)}>
        {isOpen ? 'Hide answer' : label}
      </Button>
      {isOpen && <div className="mt-1 rounded-md bg-emerald-50 p-3 text-sm dark:bg-emerald-950">{children}</div>}
    </div>
  );
}
