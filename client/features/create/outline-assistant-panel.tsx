import { Bot, Loader2, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import type { ChatMessage } from './create.types';

export interface OutlineAssistantPanelProps {
  messages: ChatMessage[];
  isPending: boolean;
  onSend: (text: string) => boolean;
  onClose: () => void;
}

/** The AI Outline Assistant panel of docs/product.md, about 384 x 384 px. */
export function OutlineAssistantPanel({ messages, isPending, onSend, onClose }: OutlineAssistantPanelProps) {
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, isPending]);

  return (
    <div
      role="dialog"
      aria-label="AI Outline Assistant"
      className="fixed bottom-24 right-6 z-50 flex h-96 w-96 max-w-[calc(100vw-3rem)] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 bg-indigo-600 px-4 py-2.5 text-white dark:border-slate-700">
        <Bot className="h-5 w-5" aria-hidden />
        <h2 className="flex-1 text-sm font-semibold">AI Outline Assistant</h2>
        <button type="button" onClick={onClose} aria-label="Close assistant" className="rounded p-1 hover:bg-white/20">
          <X className="h-4 w-4" />
        </button>
      </div>
      <div className="flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite" data-testid="assistant-messages">
        {messages.map((m, i) => (
          <div key={i} data-role={m.role} className={cn('flex', m.role === 'user' ? 'justify-end' : 'justify-start')}>
            <p
              className={cn(
                'max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm',
                m.role === 'user' ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {m.content}
            </p>
          </div>
        ))}
        {isPending && (
          <div className="flex items-center gap-2 text-xs text-slate-500">
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> Thinking...
          </div>
        )}
        <div ref={endRef} />
      </div>
      <form
        className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700"
        onSubmit={(e) => {
          e.preventDefault();
          if (onSend(draft)) setDraft('');
        }}
      >
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Ask to change the outline..."
          aria-label="Message"
          disabled={isPending}
        />
        <Button type="submit" size="icon" className="h-10 w-10 shrink-0" aria-label="Send message" disabled={isPending}>
          <Send className="h-4 w-4" />
        </Button>
      </form>
    </div>
  );
}
