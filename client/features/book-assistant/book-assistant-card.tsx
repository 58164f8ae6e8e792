import { Bot, Loader2, Send, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import { ProposedOutline } from './proposed-outline';
import { useBookAssistant, type BookAssistantOptions } from './use-book-assistant';

/** The AI Outline Assistant beside the workspace of a saved book. */
export function BookAssistantCard(props: BookAssistantOptions) {
  const { messages, proposal, applied, busy, send, apply, undo, discard } = useBookAssistant(props);
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLDivElement>(null);
  // The newest message in view. Scrolling the log itself, never scrollIntoView: that would move the page away from the editor.
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, busy]);
  return (
    <Card data-testid="book-assistant">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Bot className="h-4 w-4" aria-hidden /> AI Outline Assistant
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          ref={log}
          className="max-h-72 space-y-2 overflow-y-auto"
          aria-live="polite"
          aria-label="Conversation with the outline assistant"
          role="log"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list must be reachable by keyboard to scroll it
          tabIndex={0}
          data-testid="book-assistant-messages"
        >
          {messages.map((m, i) => (
            <p
              key={i}
              data-role={m.role}
              className={cn(
                'whitespace-pre-wrap rounded-lg px-3 py-2 text-sm',
                m.role === 'user'
                  ? 'ml-6 bg-indigo-600 text-white'
                  : 'mr-6 bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
              )}
            >
              {m.content}
            </p>
          ))}
          {busy === 'asking' && (
            <p className="flex items-center gap-2 text-xs text-slate-500">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> Thinking...
            </p>
          )}
        </div>
        {proposal && (
          <section aria-label="Proposed change" className="space-y-2 rounded-md border border-indigo-200 p-3 dark:border-indigo-900">
            <h4 className="text-sm font-semibold">New table of contents</h4>
            <ProposedOutline outline={proposal.outline} />
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void apply()} disabled={busy !== null}>
                {busy === 'applying' ? 'Applying...' : 'Apply'}
              </Button>
              <Button size="sm" variant="outline" onClick={discard} disabled={busy !== null}>
                Discard
              </Button>
            </div>
          </section>
        )}
        {applied && !proposal && (
          <div className="flex items-center justify-between gap-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            <span>Change applied and saved as a version.</span>
            <Button size="sm" variant="outline" onClick={() => void undo()} disabled={busy !== null}>
              <Undo2 className="mr-1 h-3.5 w-3.5" aria-hidden /> {busy === 'undoing' ? 'Undoing...' : 'Undo'}
            </Button>
          </div>
        )}
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const text = draft;
            void send(text).then((sent) => sent && setDraft((d) => (d === text ? '' : d)));
          }}
        >
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Ask to change the outline..."
            aria-label="Message to the outline assistant"
            disabled={busy === 'asking'}
          />
          <Button type="submit" size="icon" className="h-10 w-10 shrink-0" aria-label="Send message" disabled={busy !== null}>
            <Send className="h-4 w-4" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
