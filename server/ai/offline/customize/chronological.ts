import { bookFrame } from './book-matter';
import type { Chapter, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { htmlToText } from '@common/textbook-ops/html';

/** Named periods and when they begin (approximate years; BCE negative), for books that name eras rather than dates. */
const periods: Array<[RegExp, number]> = [
  [/\b(?:stone age|paleolithic|palaeolithic|prehistor(?:y|ic))\b/i, -10000],
  [/\bneolithic\b/i, -8000],
  [/\bbronze age\b/i, -3300],
  [/\biron age\b/i, -1200],
  [/\b(?:ancient|antiquity|classical (?:greece|period|antiquity))\b/i, -800],
  [/\broman (?:empire|republic)\b/i, -509],
  [/\b(?:middle ages|medieval|mediaeval)\b/i, 500],
  [/\brenaissance\b/i, 1400],
  [/\breformation\b/i, 1517],
  [/\bscientific revolution\b/i, 1543],
  [/\benlightenment\b/i, 1685],
  [/\bindustrial revolution\b/i, 1760],
  [/\bvictorian\b/i, 1837],
  [/\b(?:world war i|first world war|great war)\b/i, 1914],
  [/\b(?:world war ii|second world war)\b/i, 1939],
  [/\bcold war\b/i, 1947],
  [/\b(?:information age|digital age)\b/i, 1970],
];

const ordinalCentury = /\b(\d{1,2})(?:st|nd|rd|th)[\s-]+century\b(\s+(?:BC|BCE|B\.C\.))?/gi;
const decade = /\b(1\d|20)(\d)0s\b/g;
const eraYear = /\b(\d{1,4})\s*(BC|BCE|B\.C\.|AD|CE|A\.D\.)\b/g;
/**
 * A plain year 1000-2099 said as a date: after a word of time ("in 1969", "by 1822", "since 1945",
 * "in June 1948", "the 1950s" is a decade above) and not followed by units or percent. A bare
 * number is not a year: "1024" in a book on logic or computing is a count ("Quantified
 * logic (500), Proofs (1024)").
 */
const plainYear =
  /\b(?:in|by|since|until|till|from|during|around|circa|c\.|ca\.|after|before|between|and|to|of|year|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2},?)?)\s+(1\d{3}|20\d{2})\b(?!\s*(?:%|percent|ms|s\b|kb|mb|gb|x\b|times|iterations|words|pages|lines|bytes|items|people|km|m\b|kg|units|steps|bits))/gi;
/** Inline math (`\(...\)`) says nothing about dates. */
const inlineMath = /\\\([\s\S]*?\\\)/g;

/** The earliest year a text discusses, from years, decades, centuries, eras and named periods; null when it names none. */
export function earliestYear(raw: string): number | null {
  const text = raw.replace(inlineMath, ' ');
  const years: number[] = [];
  for (const m of text.matchAll(ordinalCentury)) {
    const c = Number(m[1]);
    years.push(m[2] ? -c * 100 : (c - 1) * 100);
  }
  for (const m of text.matchAll(decade)) years.push(Number(`${m[1]}${m[2]}0`));
  for (const m of text.matchAll(eraYear)) years.push(/^B/i.test(m[2]) ? -Number(m[1]) : Number(m[1]));
  for (const m of text.matchAll(plainYear)) years.push(Number(m[1]));
  for (const [pattern, year] of periods) if (pattern.test(text)) years.push(year);
  return years.length ? Math.min(...years) : null;
}

function chapterText(c: Chapter): string {
  return `${c.title} ${htmlToText(c.content)} ${c.sections.map((s) => `${s.title} ${htmlToText(s.content)}`).join(' ')}`;
}

/**
 * "Reorganize chapters chronologically": chapters ordered by the earliest
 * year or period each discusses. A chapter naming no date stays with the
 * chapter before it (an introduction stays first), so the book still reads.
 * Only a book that is about history is reordered: at least two chapters, and
 * at least half of the chapters between the front and back matter, must name
 * a date; front matter stays first and back matter last.
 */
export function chronologicalOrder(book: TextbookContent): CustomizeResult {
  const chapters = book.chapters;
  const { first, end } = bookFrame(chapters);
  const body = chapters.slice(first, end);
  const years = body.map((c) => earliestYear(chapterText(c)));
  const dated = years.filter((y): y is number => y !== null).length;
  if (dated < 2 || dated * 2 < body.length) {
    throw new AppError(
      'UNPROCESSABLE',
      dated < 2
        ? 'Fewer than two chapters mention a year or historical period, so there is no chronology to follow. The textbook is unchanged.'
        : `Only ${dated} of ${body.length} chapters mention a year or historical period, so the book is not a history to put in order. The textbook is unchanged. Try "Move chapter 3 before chapter 1" to reorder by hand.`,
    );
  }
  // An undated chapter travels with the dated chapter before it (its anchor); leading ones stay first.
  let carried = { year: -Infinity, anchor: -1 };
  const keys = years.map((y, i) => {
    if (y !== null) carried = { year: y, anchor: i };
    return { ...carried, own: y !== null };
  });
  const order = body
    .map((c, i) => ({ c, i, key: keys[i] }))
    .sort((a, b) => a.key.year - b.key.year || a.key.anchor - b.key.anchor || a.i - b.i);
  const changed = order.some((o, k) => o.i !== k);
  const describe = order
    .filter((o) => o.key.own)
    .slice(0, 6)
    .map((o) => `"${o.c.title}" (${formatYear(o.key.year)})`)
    .join(', ');
  return {
    content: { ...book, chapters: [...chapters.slice(0, first), ...order.map((o) => o.c), ...chapters.slice(end)] },
    summary: changed
      ? `Ordered the chapters by the earliest date each discusses: ${describe}.`
      : `The chapters were already in chronological order: ${describe}.`,
  };
}

function formatYear(year: number): string {
  return year < 0 ? `${-year} BCE` : String(year);
}
