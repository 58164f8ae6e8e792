import { MessageSquare, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@client/components/ui/toast-store';
import { cn } from '@client/lib/cn';
import { OutlineAssistantPanel } from './outline-assistant-panel';
import { useOutlineAssistant, type OutlineAssistantOptions } from './use-outline-assistant';

/** The floating chat button; it opens the assistant once an outline exists. */
export function OutlineAssistant({ onOpenChange, ...options }: OutlineAssistantOptions & { onOpenChange?: (open: boolean) => void }) {
  const [isOpen, setOpen] = useState(false);
  const setIsOpen = (open: boolean) => {
    setOpen(open);
    onOpenChange?.(open);
  };
  const assistant = useOutlineAssistant(options);
  const hasOutline = options.content !== null;

  function toggle() {
    if (!hasOutline) {
      toast({ title: 'AI Outline Assistant', description: 'Generate a textbook outline first; the assistant then helps you refine it.' });
      return;
    }
    if (!isOpen) assistant.greet();
    setIsOpen(!isOpen);
  }

  return (
    <>
      {isOpen && hasOutline && (
        <OutlineAssistantPanel
          messages={assistant.messages}
          isPending={assistant.isPending}
          onSend={assistant.send}
          onClose={() => setIsOpen(false)}
        />
      )}
      <button
        type="button"
        onClick={toggle}
        aria-label={isOpen ? 'Close AI Outline Assistant' : 'Open AI Outline Assistant'}
        aria-expanded={isOpen}
        className={cn(
          'fixed bottom-6 right-6 z-50 flex h-14 w-14 items-center justify-center rounded-full shadow-lg transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2',
          hasOutline ? 'bg-indigo-600 text-white hover:bg-indigo-700' : 'bg-slate-300 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
        )}
      >
        {isOpen ? <X className="h-6 w-6" /> : <MessageSquare className="h-6 w-6" />}
      </button>
    </>
  );
}
