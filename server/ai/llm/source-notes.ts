import { escapeHtml, paragraphsToHtml } from '@common/textbook-ops/html';

/** Where a key given to the model points in the user's documents. */
export interface SourcePosition {
  filename: string;
  /** The heading the passage sits under, when it has one. */
  heading?: string;
  page?: number;
  /** The passage as a stored source key (common/block-provenance.ts), for the blocks that cite it. */
  source?: string;
}

/** Every key a prompt gave ([S1]..), with the position it stands for. */
export type SourceKeys = Map<string, SourcePosition>;

export function describePosition(p: SourcePosition): string {
  return [`"${p.filename}"`, p.heading ? `"${p.heading}"` : '', p.page ? `page ${p.page}` : ''].filter(Boolean).join(', ');
}

const sourceCitation = /\s?\[(S\s?\d{1,4}(?:\s*[,;]\s*S\s?\d{1,4})*)\]/gi;

/**
 * Numbered source notes for one part of the book (a section, a chapter's
 * introduction, an answer): each source key the model cited becomes a note
 * number in the order first cited ("[1]", "[2, 3]"), and the notes list the
 * position each stands for. A key that was never given is dropped (the
 * citation filter has removed those already); a reader never sees "[S2]".
 */
export class SourceNotes {
  private readonly order: string[] = [];

  constructor(private readonly keys: SourceKeys) {}

  /** The text with its source keys as note numbers. */
  number(text: string): string {
    return text
      .replace(sourceCitation, (_whole, inner: string) => {
        const numbers = inner
          .split(/\s*[,;]\s*/)
          .map((k) => k.replace(/\s+/g, '').toUpperCase())
          .filter((k) => this.keys.has(k))
          .map((k) => {
            if (!this.order.includes(k)) this.order.push(k);
            return this.order.indexOf(k) + 1;
          });
        const unique = [...new Set(numbers)];
        return unique.length ? ` [${unique.join(', ')}]` : '';
      })
      .replace(/\s+([.,;:!?])/g, '$1')
      .trim();
  }

  get size(): number {
    return this.order.length;
  }

  /** The notes as the editor's HTML (a heading and a numbered list), or '' when nothing was cited. */
  html(): string {
    if (this.order.length === 0) return '';
    const items = this.order.map((k) => `<li><p>${escapeHtml(describePosition(this.keys.get(k)!))}</p></li>`).join('');
    return `<p><strong>Sources</strong></p><ol>${items}</ol>`;
  }

  /** The notes as plain text lines ("[1] "notes.pdf", "Matrices", page 4"), for a chat answer. */
  text(): string {
    return this.order.map((k, i) => `[${i + 1}] ${describePosition(this.keys.get(k)!)}`).join('\n');
  }
}

/** The stored source key of the first passage a paragraph cites that has one ([S2] -> "4:10-18"), before its keys are numbered. */
export function citedSource(paragraph: string, keys: SourceKeys): string | undefined {
  for (const m of paragraph.matchAll(sourceCitation)) {
    for (const k of m[1].split(/\s*[,;]\s*/)) {
      const source = keys.get(k.replace(/\s+/g, '').toUpperCase())?.source;
      if (source) return source;
    }
  }
  return undefined;
}

/**
 * Paragraphs a model wrote with their [S..] keys, as HTML: the keys numbered as notes, and each paragraph
 * that cites a passage carrying it as its stored source (data-src, common/block-provenance.ts), so its
 * sentences are judged against what it cites first (and the rest of the material after), never trusted.
 */
export function citedParagraphsHtml(paragraphs: string[], notes: SourceNotes, keys: SourceKeys): string {
  return paragraphs
    .map((p) => {
      const source = citedSource(p, keys);
      const numbered = notes.number(p);
      if (!numbered) return '';
      const html = paragraphsToHtml([numbered]);
      return source ? html.replace(/^<p>/, `<p data-src="${source}">`) : html;
    })
    .join('');
}
