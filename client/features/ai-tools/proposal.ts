import type { Chapter, TextbookContent } from '@common/textbook';
import { htmlBlocks } from '@common/textbook-ops/html';

/**
 * An AI change shown before it is saved (every AI change is a proposal): the parts it
 * touches, each as its blocks marked kept, added or removed, so the user can take some of it.
 */
export type BlockMark = 'kept' | 'added' | 'removed';
export interface ProposedBlock {
  id: string;
  html: string;
  mark: BlockMark;
}
export interface ProposedPart {
  /** Section id (or a position key when the section has none yet). */
  key: string;
  title: string;
  blocks: ProposedBlock[];
}
export interface Proposal {
  kind: 'chapter' | 'section';
  /** The version description the accepted change is saved under ("Expanded section …"). */
  description: string;
  /** Revision the proposal was made from: the save merges what others changed since. */
  revision: number;
  /** The proposed book as the server made it. */
  proposed: TextbookContent;
  /** The chapter as it was, for undo. */
  chapterBefore: Chapter;
  chapterId: string | undefined;
  chapterIndex: number;
  sectionIndex?: number;
  parts: ProposedPart[];
  note?: string;
  /** Which engine made it: the dialog says whether the text is drawn from the sources or newly written. */
  engine?: 'offline' | 'llm';
}

/** Blocks of `after` marked against `before` by their longest common run (whole blocks: a block the tool changed is removed + added). */
export function markBlocks(before: string[], after: string[], keyPrefix: string): ProposedBlock[] {
  const n = before.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: ProposedBlock[] = [];
  let i = 0;
  let j = 0;
  const push = (html: string, mark: BlockMark) => out.push({ id: `${keyPrefix}:${out.length}`, html, mark });
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      push(after[j], 'kept');
      i++;
      j++;
    } else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) push(after[j++], 'added');
    else push(before[i++], 'removed');
  }
  return out;
}

/** A part's HTML with the user's choices: an unticked addition is left out, an unticked removal is kept. */
export function composePart(part: ProposedPart, declined: ReadonlySet<string>): string {
  return part.blocks
    .filter((b) => (b.mark === 'kept' ? true : b.mark === 'added' ? !declined.has(b.id) : declined.has(b.id)))
    .map((b) => b.html)
    .join('');
}

/** The proposal for a section expansion: the section's blocks before and after. */
export function sectionProposal(opts: {
  proposed: TextbookContent;
  revision: number;
  chapterBefore: Chapter;
  chapterIndex: number;
  sectionIndex: number;
  note?: string;
  engine?: 'offline' | 'llm';
}): Proposal {
  const section = opts.chapterBefore.sections[opts.sectionIndex];
  const after = opts.proposed.chapters[opts.chapterIndex]?.sections[opts.sectionIndex]?.content ?? section.content;
  const key = section.id ?? `s${opts.sectionIndex}`;
  return {
    kind: 'section',
    description: `Expanded section "${section.title}"`,
    revision: opts.revision,
    proposed: opts.proposed,
    chapterBefore: opts.chapterBefore,
    chapterId: opts.chapterBefore.id,
    chapterIndex: opts.chapterIndex,
    sectionIndex: opts.sectionIndex,
    parts: [{ key, title: section.title, blocks: markBlocks(htmlBlocks(section.content), htmlBlocks(after), key) }],
    ...(opts.note ? { note: opts.note } : {}),
    ...(opts.engine ? { engine: opts.engine } : {}),
  };
}

/**
 * The proposal for a chapter expansion: each new section with the chapter's own blocks marked kept
 * and the new ones added; a block of the chapter that no section holds is shown as removed at the end.
 */
export function chapterProposal(opts: {
  proposed: TextbookContent;
  revision: number;
  chapterBefore: Chapter;
  chapterIndex: number;
  note?: string;
  engine?: 'offline' | 'llm';
}): Proposal {
  const own = htmlBlocks(opts.chapterBefore.content);
  const ownSet = new Set(own);
  const expanded = opts.proposed.chapters[opts.chapterIndex];
  const placed = new Set<string>();
  const parts: ProposedPart[] = (expanded?.sections ?? []).map((s, k) => {
    const key = s.id ?? `s${k}`;
    const blocks = htmlBlocks(s.content).map((html, x): ProposedBlock => {
      const kept = ownSet.has(html);
      if (kept) placed.add(html);
      return { id: `${key}:${x}`, html, mark: kept ? 'kept' : 'added' };
    });
    return { key, title: s.title, blocks };
  });
  const lost = own.filter((b) => !placed.has(b));
  if (lost.length && parts.length)
    parts[parts.length - 1].blocks.push(...lost.map((html, x): ProposedBlock => ({ id: `lost:${x}`, html, mark: 'removed' })));
  return {
    kind: 'chapter',
    description: `Expanded chapter "${opts.chapterBefore.title}" into ${parts.length} sections`,
    revision: opts.revision,
    proposed: opts.proposed,
    chapterBefore: opts.chapterBefore,
    chapterId: opts.chapterBefore.id,
    chapterIndex: opts.chapterIndex,
    parts,
    ...(opts.note ? { note: opts.note } : {}),
    ...(opts.engine ? { engine: opts.engine } : {}),
  };
}

/** The book to save when the user accepts: the proposed book with each part as the user chose. */
export function acceptedContent(proposal: Proposal, declined: ReadonlySet<string>): TextbookContent {
  const byKey = new Map(proposal.parts.map((p) => [p.key, composePart(p, declined)]));
  return {
    ...proposal.proposed,
    chapters: proposal.proposed.chapters.map((c, i) =>
      i !== proposal.chapterIndex
        ? c
        : { ...c, sections: c.sections.map((s, k) => ({ ...s, content: byKey.get(s.id ?? `s${k}`) ?? s.content })) },
    ),
  };
}

/** The saved book with the touched chapter (found by id) put back as it was: what Undo saves. */
export function undoneContent(saved: TextbookContent, proposal: Proposal): TextbookContent {
  const at = proposal.chapterId ? saved.chapters.findIndex((c) => c.id === proposal.chapterId) : proposal.chapterIndex;
  if (at < 0) return saved;
  const before = proposal.chapterBefore;
  const chapter =
    proposal.kind === 'chapter'
      ? before
      : {
          ...saved.chapters[at],
          sections: saved.chapters[at].sections.map((s, k) => {
            const old = before.sections.find((o, j) => (o.id && o.id === s.id) || (!o.id && j === k));
            return proposal.sectionIndex !== undefined && old && old === before.sections[proposal.sectionIndex] ? old : s;
          }),
        };
  return { ...saved, chapters: saved.chapters.map((c, i) => (i === at ? chapter : c)) };
}

/** How many blocks the proposal adds and removes, for the dialog's summary line. */
export function proposalCounts(proposal: Proposal): { added: number; removed: number } {
  const blocks = proposal.parts.flatMap((p) => p.blocks);
  return { added: blocks.filter((b) => b.mark === 'added').length, removed: blocks.filter((b) => b.mark === 'removed').length };
}

/** What the user is looking at: passages of their sources, or text a language model wrote from them. */
export const engineLine: Record<'offline' | 'llm', string> = {
  offline:
    'Drawn from your own sources: passages they hold that the book does not yet print, in their order. Nothing is newly written; connecting a language model lets the expansion write new explanatory text.',
  llm: 'Written by the language model from your sources, citing them: read it before you accept.',
};
