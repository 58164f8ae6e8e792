import type { Box } from './flowchart';
import type { SlideItem } from './pptx-slide';

/** A text shape that may be one of a drawing's labels: one short text in a box of its own. */
export interface Label extends Box {
  text: string;
}

/** A label names a thing drawn ("Joseph", "0", "['age']", "Key"), it says no sentence. */
const maxChars = 24;
const maxWords = 3;

export const isLabelText = (text: string) =>
  text.length <= maxChars && text.split(/\s+/).length <= maxWords && !/[.!?;]$/.test(text) && /[\p{L}\p{N}]/u.test(text);

const centre = (b: Box) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/** Labels in reading order: rows (centres within half a label's height) top to bottom, left to right in a row. */
function rowsOf<T extends Label>(labels: T[]): T[][] {
  const rows: T[][] = [];
  for (const l of [...labels].sort((a, b) => centre(a).y - centre(b).y)) {
    const row = rows.find((r) => Math.abs(centre(r[0]).y - centre(l).y) < Math.min(r[0].h, l.h) / 2);
    if (row) row.push(l);
    else rows.push([l]);
  }
  return rows.map((r) => r.sort((a, b) => a.x - b.x));
}

/**
 * Rows of labels that line up in columns (a list's items in boxes over their indices: "Joseph Glenn Sally" over
 * "0 1 2"): cells by row, '' where a row has no label in a column. Two rows at least, each of two labels or more, every
 * label's centre within half the narrowest label of its column's.
 */
function gridOf(rows: Label[][]): string[][] | undefined {
  if (rows.length < 2 || rows.some((r) => r.length < 2)) return undefined;
  const all = rows.flat();
  const width = Math.min(...all.map((l) => l.w));
  const columns: number[] = [];
  for (const l of [...all].sort((a, b) => centre(a).x - centre(b).x))
    if (!columns.some((x) => Math.abs(x - centre(l).x) < width / 2)) columns.push(centre(l).x);
  if (columns.length > Math.max(...rows.map((r) => r.length))) return undefined;
  return rows.map((r) => {
    const cells = columns.map(() => '');
    for (const l of r) cells[columns.findIndex((x) => Math.abs(x - centre(l).x) < width / 2)] = l.text;
    return cells;
  });
}

export interface LabelGroups {
  /** Labels set on or against a picture (by the picture's index in `pictures`): read with it, in reading order. */
  onPictures: Map<number, number[]>;
  /** The other labels, when there are enough of them to be a drawing: a grid of rows, or one line in reading order. */
  drawing?: { members: number[]; rows?: string[][]; box: Box };
}

/**
 * A drawing's labels on a slide: the short texts a deck sets in boxes of their own over a picture or beside shapes (a
 * list drawn as boxes with its indices under them, the things in a bag, "Key" and "Value" over a table drawn in lines).
 * Read one box at a time they would be stray one-word paragraphs ("Joseph", "Glenn", "Sally", "0", "1", "2"); they are
 * one drawing's words, kept together: with the picture they are set on or against (within a label's height of it), and
 * the rest, three or more, as one grid when they line up in rows and columns, else as one line.
 */
export function labelGroups(labels: Label[], pictures: Box[]): LabelGroups {
  const onPictures = new Map<number, number[]>();
  const rest: number[] = [];
  labels.forEach((l, i) => {
    const c = centre(l);
    const margin = l.h;
    const at = pictures.findIndex(
      (p) => c.x >= p.x - margin && c.x <= p.x + p.w + margin && c.y >= p.y - margin && c.y <= p.y + p.h + margin,
    );
    if (at >= 0) onPictures.set(at, [...(onPictures.get(at) ?? []), i]);
    else rest.push(i);
  });
  // One label against a picture is a callout of its own, read where it stands.
  for (const [at, members] of onPictures)
    if (members.length < 2) {
      rest.push(...members);
      onPictures.delete(at);
    }
  for (const [at, members] of onPictures) onPictures.set(at, inReadingOrder(members, labels));
  if (rest.length < 3) return { onPictures };
  const members = inReadingOrder(rest, labels);
  const chosen = members.map((i) => labels[i]);
  const x = Math.min(...chosen.map((l) => l.x));
  const y = Math.min(...chosen.map((l) => l.y));
  const rows = gridOf(rowsOf(chosen));
  return {
    onPictures,
    drawing: { members, ...(rows ? { rows } : {}), box: { x, y, w: Math.max(...chosen.map((l) => l.x + l.w)) - x, h: 0 } },
  };
}

function inReadingOrder(members: number[], labels: Label[]): number[] {
  const tagged = members.map((i) => ({ ...labels[i], i }));
  return rowsOf(tagged).flatMap((r) => r.map((l) => l.i));
}

/** A drawing's labels as one line: its rows in reading order. */
export const labelLine = (texts: string[]) => texts.join(' · ');

/** A slide's item as the deck reads it: a drawing's labels joined (a `labels` line, a grid as a table, or on a picture). */
export type ReadItem =
  | Exclude<SlideItem, { kind: 'picture' }>
  | (Extract<SlideItem, { kind: 'picture' }> & { labels?: string[] })
  | ({ kind: 'labels'; texts: string[] } & Box);

/** The tables joinLabels made of a drawing's labels (a build-up slide that repeats them is read against their cells). */
export const labelTables = new WeakSet<object>();

/** The slide's text boxes that are a drawing's labels (labelGroups), joined where the first of them stood. */
export function joinLabels(items: SlideItem[]): ReadItem[] {
  const candidates = items.flatMap((item) => {
    if (item.kind !== 'text' || item.role !== 'box' || item.diagram || item.paragraphs.length !== 1) return [];
    const p = item.paragraphs[0];
    if (p.code !== undefined || p.bullet || p.links.length || p.equation || !isLabelText(p.text)) return [];
    return [{ item, text: p.text, x: item.x, y: item.y, w: item.w, h: item.h }];
  });
  if (candidates.length < 2) return items;
  const pictures = items.filter((i): i is Extract<SlideItem, { kind: 'picture' }> => i.kind === 'picture');
  const groups = labelGroups(candidates, pictures);
  const taken = new Set<SlideItem>();
  const onPicture = new Map<SlideItem, string[]>();
  for (const [at, members] of groups.onPictures) {
    onPicture.set(
      pictures[at],
      members.map((i) => candidates[i].text),
    );
    for (const i of members) taken.add(candidates[i].item);
  }
  let joined: ReadItem | undefined;
  if (groups.drawing) {
    const { members, rows, box } = groups.drawing;
    for (const i of members) taken.add(candidates[i].item);
    if (rows) {
      joined = { kind: 'table', rows, header: false, ...box };
      labelTables.add(joined);
    } else joined = { kind: 'labels', texts: members.map((i) => candidates[i].text), ...box };
  }
  const firstDrawn = groups.drawing ? items.indexOf(candidates[groups.drawing.members[0]].item) : -1;
  return items.flatMap((item, i): ReadItem[] => {
    if (i === firstDrawn && joined) return [joined];
    if (taken.has(item)) return [];
    const labels = onPicture.get(item);
    return labels && item.kind === 'picture' ? [{ ...item, labels }] : [item];
  });
}
