import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';

export interface CollapsiblePanelProps {
  title: string;
  icon?: ReactNode;
  badge?: string;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId?: string;
}

/** One of the form's result panels: a header that toggles its body. */
export function CollapsiblePanel({ title, icon, badge, isOpen, onToggle, children, testId }: CollapsiblePanelProps) {
  return (
    <Collapsible.Root
      open={isOpen}
      onOpenChange={onToggle}
      className="rounded-lg border border-slate-200 dark:border-slate-800"
      data-testid={testId}
    >
      <Collapsible.Trigger asChild>
        <button
          type="button"
          className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold hover:bg-slate-50 dark:hover:bg-slate-800/50"
        >
          {icon}
          <span>{title}</span>
          {badge !== undefined && <Badge data-testid={testId ? `${testId}-badge` : undefined}>{badge}</Badge>}
          <ChevronDown className={cn('ml-auto h-4 w-4 transition-transform', isOpen && 'rotate-180')} aria-hidden />
        </button>
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
