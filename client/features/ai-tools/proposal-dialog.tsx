import { useEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { renderMathIn } from './math-preview';
import { engineLine, proposalCounts, type Proposal, type ProposedBlock } from './proposal';

const tone: Record<ProposedBlock['mark'], string> = {
  kept: 'border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300',
  added: 'border-emerald-500 bg-emerald-50 dark:bg-emerald-950',
  removed: 'border-red-400 bg-red-50 line-through dark:bg-red-950',
};
const markLabel: Record<ProposedBlock['mark'], string> = { kept: 'Kept', added: 'Added', removed: 'Removed' };

/**
 * An AI expansion shown before anything is saved: each part of the chapter or section with its
 * paragraphs marked kept, added or removed. Every addition and removal has a box the user can
 * untick; Accept saves what stays ticked as one described version, Discard changes nothing.
 */
export function ProposalDialog({
  proposal,
  busy,
  onAccept,
  onDiscard,
}: {
  proposal: Proposal | null;
  busy: boolean;
  onAccept: (declined: ReadonlySet<string>) => void;
  onDiscard: () => void;
}) {
  const [declined, setDeclined] = useState<Set<string>>(new Set());
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setDeclined(new Set());
    if (proposal && bodyRef.current) void renderMathIn(bodyRef.current);
  }, [proposal]);
  if (!proposal) return null;
  const { added, removed } = proposalCounts(proposal);
  const toggle = (id: string) =>
    setDeclined((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const what = proposal.kind === 'chapter' ? `${proposal.parts.length} sections` : 'the section';
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onDiscard()}>
      <DialogContent className="flex max-h-[90vh] max-w-4xl flex-col overflow-hidden">
        <DialogHeader className="shrink-0">
          <DialogTitle>Review the expansion</DialogTitle>
          <DialogDescription>
            {`Proposed: ${what}, ${added} paragraph${added === 1 ? '' : 's'} added${removed ? `, ${removed} removed` : ''}. Nothing is saved until you accept; untick what you do not want.`}
          </DialogDescription>
          {proposal.engine && (
            <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="proposal-engine">
              {engineLine[proposal.engine]}
            </p>
          )}
          {proposal.note && (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="proposal-note">
              {proposal.note}
            </p>
          )}
        </DialogHeader>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
        <div ref={bodyRef} className="min-h-0 flex-1 space-y-4 overflow-y-auto" tabIndex={0} data-testid="proposal-body">
          {proposal.parts.map((part) => (
            <section key={part.key} aria-label={part.title} className="space-y-2">
              <h3 className="text-sm font-semibold">{part.title}</h3>
              {part.blocks.map((block) => (
                <div key={block.id} className={`flex gap-2 border-l-4 py-1 pl-2 text-sm ${tone[block.mark]}`} data-mark={block.mark}>
                  {block.mark !== 'kept' && (
                    <input
                      type="checkbox"
                      className="mt-1 shrink-0"
                      checked={!declined.has(block.id)}
                      onChange={() => toggle(block.id)}
                      aria-label={`${block.mark === 'added' ? 'Add' : 'Remove'} this paragraph`}
                    />
                  )}
                  <span className="sr-only">{markLabel[block.mark]}: </span>
                  {/* Sanitized by the server against the editor's allowlist before it was sent. */}
                  <div className="prose-editor min-w-0 max-w-none" dangerouslySetInnerHTML={{ __html: block.html }} />
                </div>
              ))}
            </section>
          ))}
        </div>
        <DialogFooter className="shrink-0">
          <Button type="button" variant="outline" onClick={onDiscard} disabled={busy}>
            Discard
          </Button>
          <Button type="button" onClick={() => onAccept(declined)} disabled={busy}>
            {busy ? 'Saving...' : declined.size ? 'Accept selected' : 'Accept all'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
