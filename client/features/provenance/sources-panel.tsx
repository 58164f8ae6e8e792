import { ArrowDown, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ProvenanceBlock, ProvenanceResponse, ProvenanceVerdict } from '@common/provenance';
import { provenanceVerdicts } from '@common/provenance';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { sameText, scrollToBlock, useCaretBlockText } from './caret-block';
import { SourceDetails, VerdictBadge, verdictColours, verdictLabels } from './passage-view';
import { useProvenance } from './provenance.api';

export interface SourcesPanelProps {
  textbookId: number;
  chapterIndex: number | null;
  sectionIndex: number | null;
  /** Shows another section of the chapter in the editor (the verify view's "Next unsupported"). */
  onGoToSection?: (chapterIndex: number, sectionIndex: number) => void;
}

/** The block of the answer with this text, preferring the part of the chapter the editor shows. */
export function findBlock(data: ProvenanceResponse, sectionIndex: number | null, text: string | null): ProvenanceBlock | null {
  if (!text) return null;
  const same = data.blocks.filter((b) => sameText(b.text, text));
  return same.find((b) => b.sectionIndex === sectionIndex) ?? same[0] ?? null;
}

function ParagraphSource({ block, textbookId }: { block: ProvenanceBlock | null; textbookId: number }) {
  if (!block) return <p className="text-sm text-slate-500 dark:text-slate-400">Put the caret in a paragraph to see where it comes from.</p>;
  const others = block.passages.slice(1);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <VerdictBadge verdict={block.verdict} />
        {block.apparatus && <span className="text-xs text-slate-500 dark:text-slate-400">study apparatus</span>}
        {block.typedBy && (
          <span className="text-xs text-slate-600 dark:text-slate-300">
            typed by {block.typedBy.name}, {new Date(block.typedBy.at).toLocaleDateString()}
          </span>
        )}
      </div>
      {block.note && <p className="text-sm text-slate-600 dark:text-slate-300">{block.note}</p>}
      {block.source && <SourceDetails source={block.source} textbookId={textbookId} />}
      {others.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">
            {others.length} more passage{others.length === 1 ? '' : 's'} this paragraph draws on
          </summary>
          <div className="mt-2 space-y-4">
            {others.map((p, i) => (
              <SourceDetails key={i} source={p} textbookId={textbookId} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

function Figures({ data }: { data: ProvenanceResponse }) {
  const { figures } = data;
  const apparatus = data.blocks
    .filter((b) => b.apparatus)
    .reduce((n, b) => n + b.sentences.filter((s) => s.verdict === 'unsupported').length, 0);
  return (
    <dl aria-label="Grounding figures" className="grid grid-cols-2 gap-2 text-sm">
      {provenanceVerdicts
        .filter((v) => (v !== 'unknown' && v !== 'typed') || figures.counts[v] > 0)
        .map((v: ProvenanceVerdict) => (
          <div key={v} className={cn('rounded border-l-4 px-2 py-1', verdictColours[v])}>
            <dt>{verdictLabels[v]}</dt>
            <dd className="font-semibold">
              {Math.round(figures.shares[v] * 100)}% <span className="font-normal">({figures.counts[v]})</span>
            </dd>
          </div>
        ))}
      <p className="col-span-2 text-xs text-slate-500 dark:text-slate-400">
        Shares of the chapter&apos;s {figures.sentences} sentences.
        {apparatus > 0 &&
          ` ${apparatus} of the unsupported ones are study apparatus (overview, objectives, review questions) written around the material.`}
      </p>
    </dl>
  );
}

function VerifyView({
  data,
  sectionIndex,
  onJump,
}: {
  data: ProvenanceResponse;
  sectionIndex: number | null;
  onJump: (b: ProvenanceBlock) => void;
}) {
  const [current, setCurrent] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  // The study apparatus names the material rather than quoting it: the jump goes to the text's own claims.
  const unsupported = data.blocks.filter((b) => b.verdict === 'unsupported' && !b.apparatus);
  const next = () => {
    if (unsupported.length === 0) return;
    const at = unsupported.findIndex((b) => b.key === current);
    const block = unsupported[(at + 1) % unsupported.length];
    setCurrent(block.key);
    const item = items.current.get(block.key);
    item?.scrollIntoView?.({ block: 'nearest' });
    item?.focus();
    onJump(block);
  };
  return (
    <div className="space-y-3">
      <Figures data={data} />
      <Button variant="outline" size="sm" onClick={next} disabled={unsupported.length === 0}>
        <ArrowDown className="h-4 w-4" aria-hidden /> Next unsupported
        <span className="sr-only">({unsupported.length} in this chapter)</span>
      </Button>
      <ol aria-label="Blocks of the chapter" className="max-h-[28rem] space-y-1 overflow-y-auto text-sm">
        {data.blocks.map((b) => (
          <li
            key={b.key}
            ref={(el) => {
              if (el) items.current.set(b.key, el);
              else items.current.delete(b.key);
            }}
            tabIndex={-1}
            aria-current={b.key === current ? 'true' : undefined}
            data-verdict={b.verdict}
            className={cn('rounded border-l-4 px-2 py-1', verdictColours[b.verdict], b.key === current && 'ring-2 ring-indigo-500')}
          >
            <span className="sr-only">{verdictLabels[b.verdict]}: </span>
            {b.sectionIndex !== sectionIndex && <span className="mr-1 text-xs opacity-75">{b.sectionTitle} ·</span>}
            <span className="line-clamp-2">{b.text || `(${b.kind})`}</span>
            {b.apparatus && <span className="text-xs opacity-75">study apparatus</span>}
            {b.typedBy && <span className="text-xs opacity-75">typed by {b.typedBy.name}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The "Sources" panel of the workspace: for the paragraph under the caret, where it comes from (verdict,
 * file, page or paragraph, heading path, the passage with the matched span); and the chapter's verify view
 * (each block coloured by verdict, the grounding figures, "Next unsupported").
 */
export function SourcesPanel({ textbookId, chapterIndex, sectionIndex, onGoToSection }: SourcesPanelProps) {
  const caretText = useCaretBlockText(true);
  const [round, setRound] = useState(0);
  const { data, error, isFetching } = useProvenance(textbookId, chapterIndex, String(round));
  const pending = useRef<string | null>(null);
  // After "Next unsupported" moved to another section, scroll to the block once that section is shown.
  useEffect(() => {
    if (pending.current && scrollToBlock(pending.current)) pending.current = null;
  }, [sectionIndex]);
  const jump = (block: ProvenanceBlock) => {
    if (chapterIndex !== null && block.sectionIndex !== null && block.sectionIndex !== sectionIndex) {
      pending.current = block.text;
      onGoToSection?.(chapterIndex, block.sectionIndex);
    } else scrollToBlock(block.text);
  };
  return (
    <Card className="no-print" role="region" aria-label="Sources">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">Sources</CardTitle>
        <Button variant="ghost" size="icon" aria-label="Check again" onClick={() => setRound((r) => r + 1)} disabled={isFetching}>
          <RefreshCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden />
        </Button>
      </CardHeader>
      <CardContent>
        {chapterIndex === null ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Select a chapter to see where its text comes from.</p>
        ) : error ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errorMessage(error)}
          </p>
        ) : !data ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Matching the chapter against its material…</p>
        ) : (
          <Tabs defaultValue="paragraph">
            <TabsList>
              <TabsTrigger value="paragraph">Paragraph</TabsTrigger>
              <TabsTrigger value="verify">Verify</TabsTrigger>
            </TabsList>
            {data.notes.map((n) => (
              <p key={n} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                {n}
              </p>
            ))}
            <TabsContent value="paragraph">
              <ParagraphSource block={findBlock(data, sectionIndex, caretText)} textbookId={textbookId} />
            </TabsContent>
            <TabsContent value="verify">
              <VerifyView data={data} sectionIndex={sectionIndex} onJump={jump} />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
