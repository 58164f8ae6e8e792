import { htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from './sentence-filter';

const shingleSize = 3;
/** Share of a sentence's word triples found in one earlier sentence that makes it a repeat. */
const nearDuplicateShare = 0.6;

function shingles(key: string): string[] {
  const words = key.split(' ').filter(Boolean);
  if (words.length < shingleSize) return [];
  const out = new Set<string>();
  for (let i = 0; i + shingleSize <= words.length; i++) out.add(words.slice(i, i + shingleSize).join(' '));
  return [...out];
}

/**
 * Every sentence already in a book, so nothing is printed twice: exact
 * repeats (ignoring case, spacing and punctuation) and near repeats (most of
 * its word triples appear in one earlier sentence, either way round) are
 * refused. An inverted index keeps the check linear in the sentence length.
 */
export class UsedSentences {
  private readonly keys = new Set<string>();
  private readonly index = new Map<string, number[]>();
  private readonly sizes: number[] = [];

  /** Seeds the set with every sentence of existing HTML (for example the rest of the book). */
  static fromHtml(htmls: string[], split: (text: string) => string[]): UsedSentences {
    const used = new UsedSentences();
    for (const html of htmls) for (const s of split(htmlToText(html))) used.add(s);
    return used;
  }

  get size(): number {
    return this.sizes.length;
  }

  isRepeat(text: string): boolean {
    const key = sentenceKey(text);
    if (!key) return true;
    if (this.keys.has(key)) return true;
    const own = shingles(key);
    if (own.length === 0) return false;
    const overlap = new Map<number, number>();
    for (const sh of own) {
      for (const id of this.index.get(sh) ?? []) overlap.set(id, (overlap.get(id) ?? 0) + 1);
    }
    for (const [id, shared] of overlap) {
      if (shared / own.length >= nearDuplicateShare || shared / this.sizes[id] >= nearDuplicateShare) return true;
    }
    return false;
  }

  add(text: string): void {
    const key = sentenceKey(text);
    if (!key || this.keys.has(key)) return;
    this.keys.add(key);
    const own = shingles(key);
    const id = this.sizes.length;
    this.sizes.push(Math.max(1, own.length));
    for (const sh of own) {
      const list = this.index.get(sh);
      if (list) list.push(id);
      else this.index.set(sh, [id]);
    }
  }

  /** Adds the sentence unless it repeats one already used; true when added. */
  tryAdd(text: string): boolean {
    if (this.isRepeat(text)) return false;
    this.add(text);
    return true;
  }
}
