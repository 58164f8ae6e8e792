import type { Chapter, Section, TextbookContent } from '@common/textbook';
import { newChapterId, newSectionId } from '@common/textbook-ops';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { divideBlocks, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';

/**
 * The movable pieces of a book when it is restructured: each section, and
 * each chapter's own text (its introduction, or all of it when it has no
 * sections). Restructuring only regroups, reorders and retitles units, so
 * no sentence can be lost.
 */
export interface Unit {
  title: string;
  html: string;
  text: string;
  chapterIndex: number;
  /** The section's id, kept when it moves; chapter text becomes a new section. */
  id?: string;
  kind: 'intro' | 'whole' | 'section';
}

function hasContent(html: string): boolean {
  return htmlToText(html).length > 0 || /<img\b/i.test(html);
}

export function bookUnits(book: TextbookContent): Unit[] {
  return book.chapters.flatMap((c, chapterIndex) => {
    const units: Unit[] = [];
    if (hasContent(c.content)) {
      // A chapter's introduction moves as a section of its own; "Overview of ..." keeps it apart from a section named like the chapter.
      const title = c.sections.length && !/^(?:overview|introduction)\b/i.test(c.title) ? `Overview of ${c.title}` : c.title;
      units.push({ title, html: c.content, text: htmlToText(c.content), chapterIndex, kind: c.sections.length ? 'intro' : 'whole' });
    }
    for (const s of c.sections) {
      units.push({ title: s.title, html: s.content, text: htmlToText(s.content), chapterIndex, id: s.id, kind: 'section' });
    }
    return units;
  });
}

export function unitSize(u: Unit): number {
  return Math.max(1, u.text.length);
}

/** A unit as a section of a new chapter: sections keep their ids; a chapter's text is titled by that chapter. */
export function unitToSection(u: Unit): Section {
  return { id: u.kind === 'section' && u.id ? u.id : newSectionId(), title: u.title, content: u.html };
}

export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A chapter holding units as its sections, with a one-line introduction naming them. */
export function chapterOf(title: string, units: Unit[], opts: { id?: string; emptyNote?: string } = {}): Chapter {
  if (units.length === 0) {
    return {
      id: opts.id ?? newChapterId(),
      title,
      content: `<p>${opts.emptyNote ?? 'The textbook has no material on this topic yet.'}</p>`,
      sections: [],
    };
  }
  const sections = units.map(unitToSection);
  return { id: opts.id ?? newChapterId(), title, content: '', sections };
}

/**
 * Splits the largest units (by their blocks, then by sentences) until there
 * are at least `count`; null when the book has too little text for that.
 */
export function ensureUnitCount(units: Unit[], count: number): Unit[] | null {
  let out = units.slice();
  while (out.length < count) {
    const order = out.map((u, i) => ({ i, size: unitSize(u) })).sort((a, b) => b.size - a.size);
    let done = false;
    for (const { i } of order) {
      const pieces = splitUnit(out[i]);
      if (!pieces) continue;
      out = [...out.slice(0, i), ...pieces, ...out.slice(i + 1)];
      done = true;
      break;
    }
    if (!done) return null;
  }
  return out;
}

function splitUnit(u: Unit): Unit[] | null {
  let blocks = htmlBlocks(u.html);
  if (blocks.length < 2) {
    const m = /^<p>([^<]*)<\/p>$/.exec(blocks[0] ?? '');
    const sentences = m ? fastSentences(m[1]) : [];
    if (sentences.length < 2) return null;
    const half = Math.ceil(sentences.length / 2);
    blocks = [`<p>${sentences.slice(0, half).join(' ')}</p>`, `<p>${sentences.slice(half).join(' ')}</p>`];
  }
  const runs = divideBlocks(blocks, 2).filter((r) => r.length);
  if (runs.length < 2) return null;
  const base = u.title.replace(/ \(Part \d+\)$/, '');
  return runs.map((run, k) => {
    const html = run.join('');
    return {
      ...u,
      id: k === 0 ? u.id : undefined,
      kind: k === 0 ? u.kind : 'section',
      title: `${base} (Part ${k + 1})`,
      html,
      text: htmlToText(html),
    };
  });
}

/** Every sentence a book prints (chapter texts and sections), as comparison keys. */
export function sentenceKeys(book: TextbookContent): string[] {
  const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);
  return html
    .flatMap((h) => htmlBlocks(h).flatMap((b) => fastSentences(htmlToText(b))))
    .map(sentenceKey)
    .filter(Boolean);
}

/** The sentences of `before` that `after` no longer holds anywhere (empty: nothing was lost). */
export function lostSentences(before: TextbookContent, after: TextbookContent): string[] {
  const afterText = ` ${sentenceKeys(after).join(' ')} `;
  return [...new Set(sentenceKeys(before))].filter((k) => !afterText.includes(` ${k} `));
}
