/**
 * The author's to-do notes in LaTeX notes (the todonotes package): a missing-figure box (a shaded box with a warning
 * sign, "Missing / figure" stacked beside the author's description of the figure to come), to-do notes in coloured boxes
 * (inline or in the margin) and the list of to-dos the package prints, its entries with page numbers. They are the
 * author's reminders, not the course's text: they are left out of the book, and the document's warnings say so.
 *
 * A missing-figure box is known by the package's stacked label (in each language it has); the list of to-dos by its
 * entries for those boxes ("Figure: <description>  3") or its title; every other entry of that list names a to-do note,
 * found by its text inside a filled box on the pages.
 */
import type { PdfItem, PdfMark, PdfPage } from './pdf-types';

/** todonotes' words for a missing figure, by language: the label stacked in the box, the entry's prefix in the list. */
const languages: Array<{ up: string; down: string; entry: string; list: string }> = [
  { up: 'Missing', down: 'figure', entry: 'Figure', list: 'Todo list' },
  { up: 'Fehlende', down: 'Abbildung', entry: 'Abbildung', list: 'Liste der noch zu erledigenden Punkte' },
  { up: 'Figure', down: 'manquante', entry: 'Figure', list: 'Liste des points à traiter' },
  { up: 'Figura', down: 'pendiente', entry: 'Figura', list: 'Lista de tareas pendientes' },
  { up: 'Figura', down: 'mancante', entry: 'Figura', list: 'Elenco delle cose da fare' },
  { up: 'Figura', down: 'pendente', entry: 'Figura', list: 'Lista de tarefas pendentes' },
  { up: 'Ontbrekende', down: 'figuur', entry: 'Figuur', list: 'Lijst van onafgewerkte taken' },
];

/** What was left out: each missing figure's description and each to-do note's text, and the pages of the list of to-dos. */
export interface TodoNotes {
  figures: string[];
  todos: string[];
  listPages: number[];
  /** Every page something was left out of (a box, a margin note, the list), in order: the warning's pages. */
  pages: number[];
}

const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** An item starting inside a box (a margin note's last word may run past its box's edge). */
const inside = (item: PdfItem, box: PdfMark) =>
  item.x >= box.x0 - 1 && item.x < box.x1 && item.y >= box.y0 - 1 && item.y + 0.5 * item.size <= box.y1 + 1;
const within = (m: PdfMark, box: PdfMark) => m.x0 >= box.x0 - 1 && m.x1 <= box.x1 + 1 && m.y0 >= box.y0 - 1 && m.y1 <= box.y1 + 1;
const area = (m: PdfMark) => (m.x1 - m.x0) * (m.y1 - m.y0);

/** The smallest filled box a page draws around an item, if any. */
function boxAround(page: PdfPage, item: PdfItem): PdfMark | undefined {
  return (page.marks ?? [])
    .filter((m) => m.kind === 'path' && m.fill && m.y1 - m.y0 >= item.size && inside(item, m))
    .sort((a, b) => area(a) - area(b))[0];
}

/** Items on one baseline, left to right, as lines from the top of the page down. */
function linesOf(items: PdfItem[]): PdfItem[][] {
  const lines: PdfItem[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.find((l) => Math.abs(l[0].y - item.y) < 0.5 * Math.max(l[0].size, item.size));
    if (line) line.push(item);
    else lines.push([item]);
  }
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines;
}

const lineText = (line: PdfItem[]) =>
  line
    .map((i) => i.str)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Finds the missing-figure boxes of a page: each one's description, the items to drop. */
function missingFigures(
  page: PdfPage,
  boxes: PdfMark[],
): Array<{ description: string; items: Set<PdfItem>; language: (typeof languages)[number] }> {
  const found: Array<{ description: string; items: Set<PdfItem>; language: (typeof languages)[number] }> = [];
  for (const up of page.items) {
    const language = languages.find((l) => up.str.trim() === l.up);
    if (!language) continue;
    const centre = up.x + up.width / 2;
    const down = page.items.find(
      (d) =>
        d.str.trim() === language.down &&
        up.y - d.y > 0.8 * up.size &&
        up.y - d.y < 2.5 * up.size &&
        Math.abs(d.x + d.width / 2 - centre) < 0.5 * up.size,
    );
    if (!down) continue;
    const box = boxAround(page, up);
    if (!box || !inside(down, box) || found.some((f) => f.items.has(up))) continue;
    const items = new Set(page.items.filter((i) => inside(i, box)));
    boxes.push(box);
    const description = lineText(linesOf([...items].filter((i) => i !== up && i !== down)).flatMap((line) => line));
    found.push({ description, items, language });
  }
  return found;
}

/** Whether a list entry names one of the missing figures (the list may cut a long description short). */
function namesFigure(figures: string[], entry: string): boolean {
  const k = key(entry);
  return k.length >= 3 && figures.some((f) => key(f) === k || key(f).startsWith(k));
}

/** An entry of the list of to-dos: its text, the page number it ends with (dot leaders dropped). */
const entryEnd = /\s*(?:\.\s*){2,}\s*\d+$|\s+\d+$/;

/**
 * The list of to-dos on a page: its title line and the entry lines under it (an entry may wrap; each ends with a page
 * number), or undefined. `figures` are the missing figures' descriptions found in the document.
 */
function todoList(page: PdfPage, figures: string[]): { items: Set<PdfItem>; entries: string[] } | undefined {
  const lines = linesOf(page.items);
  const isFigureEntry = (text: string) => {
    const m = /^(\p{L}+):\s*(.+)$/u.exec(text.replace(entryEnd, ''));
    return Boolean(m && languages.some((l) => l.entry === m[1]) && namesFigure(figures, m[2]));
  };
  const listTitles = new Set(languages.map((l) => key(l.list)));
  let start = lines.findIndex((l) => listTitles.has(key(lineText(l))));
  if (start < 0) {
    // An untitled list is found by its entries naming missing figures: with none in the document there is none.
    if (figures.length === 0) return undefined;
    // Untitled by the package's name: the line over the first entry naming a missing figure, set larger than the entries.
    const first = lines.findIndex(
      (l, k) => isFigureEntry(lineText(l)) || (k + 1 < lines.length && isFigureEntry(`${lineText(l)} ${lineText(lines[k + 1])}`)),
    );
    if (first < 1 || lines[first - 1][0].size <= lines[first][0].size) return undefined;
    start = first - 1;
  }
  const items = new Set<PdfItem>(lines[start]);
  const entries: string[] = [];
  let pending = '';
  let pendingItems: PdfItem[] = [];
  for (let k = start + 1; k < lines.length; k++) {
    const text = lineText(lines[k]);
    const gap = lines[k - 1][0].y - lines[k][0].y;
    // The title stands apart from its entries; entries follow one another.
    if (gap > (k === start + 1 ? 5 : 3) * lines[k][0].size) break;
    pending = pending ? `${pending} ${text}` : text;
    pendingItems.push(...lines[k]);
    if (!entryEnd.test(text)) {
      // A wrapped entry goes on to at most two more lines.
      if (pendingItems.length > 0 && pending.length > 400) break;
      continue;
    }
    entries.push(pending.replace(entryEnd, '').trim());
    for (const item of pendingItems) items.add(item);
    pending = '';
    pendingItems = [];
  }
  if (!entries.some(isFigureEntry) && !listTitles.has(key(lineText(lines[start])))) return undefined;
  return { items, entries };
}

/**
 * Drops the to-do notes from the pages (items changed in place) and says what they were: the missing-figure boxes, the
 * list of to-dos, and the to-do notes that list names (their boxes, inline or in the margin).
 */
export function dropTodoNotes(pages: PdfPage[]): TodoNotes {
  const figures: string[] = [];
  const drop = new Map<PdfPage, Set<PdfItem>>();
  const boxes = new Map<PdfPage, PdfMark[]>();
  const boxesOf = (page: PdfPage) => boxes.get(page) ?? boxes.set(page, []).get(page)!;
  const dropItems = (page: PdfPage, items: Iterable<PdfItem>) => {
    const set = drop.get(page) ?? new Set<PdfItem>();
    for (const item of items) set.add(item);
    drop.set(page, set);
  };
  for (const page of pages)
    for (const figure of missingFigures(page, boxesOf(page))) {
      figures.push(figure.description);
      dropItems(page, figure.items);
    }
  const todos: string[] = [];
  const listPages: number[] = [];
  // The list of to-dos is printed after the notes it lists: it is looked for from the last page back.
  for (const page of [...pages].reverse()) {
    const list = todoList(page, figures);
    if (!list) continue;
    listPages.push(page.number);
    dropItems(page, list.items);
    const figureEntry = new RegExp(`^(?:${[...new Set(languages.map((l) => l.entry))].join('|')}):\\s*`, 'u');
    for (const entry of list.entries) {
      if (figureEntry.test(entry) && namesFigure(figures, entry.replace(figureEntry, ''))) continue;
      todos.push(entry);
    }
    break;
  }
  // Each other entry is a note in a filled box: the box whose text begins the entry (a margin note's last word may be cut).
  for (const todo of todos) {
    const wanted = key(todo);
    for (const page of pages) {
      if (listPages.includes(page.number)) continue;
      for (const item of page.items) {
        const first = key(item.str);
        if (first.length < 3 || !wanted.startsWith(first.slice(0, Math.max(3, first.length - 2)))) continue;
        const box = boxAround(page, item);
        if (!box) continue;
        const boxed = page.items.filter((i) => inside(i, box));
        const text = key(lineText(linesOf(boxed).flat()));
        if (text.length >= 3 && (wanted.startsWith(text.slice(0, -2)) || text === wanted)) {
          dropItems(page, boxed);
          boxesOf(page).push(box);
        }
      }
    }
  }
  for (const [page, items] of drop) page.items = page.items.filter((i) => !items.has(i));
  // The boxes go with their text (the shaded box, its warning sign): no figure is left where a note was.
  for (const [page, drawn] of boxes) if (drawn.length) page.marks = (page.marks ?? []).filter((m) => !drawn.some((box) => within(m, box)));
  const pagesLeft = [...drop.keys()].map((p) => p.number).sort((a, b) => a - b);
  return { figures, todos, listPages, pages: pagesLeft };
}

/** What was left out, in words ("2 placeholders for missing figures ("…", "…"); the list of to-dos (page 14)"), or undefined. */
export function todoNotesLine(notes: TodoNotes): string | undefined {
  const parts: string[] = [];
  const quoted = (texts: string[]) =>
    texts
      .slice(0, 3)
      .map((t) => `"${t.length > 60 ? `${t.slice(0, 57)}...` : t}"`)
      .join(', ') + (texts.length > 3 ? ', ...' : '');
  if (notes.figures.length)
    parts.push(`${notes.figures.length} placeholder${notes.figures.length > 1 ? 's' : ''} for missing figures (${quoted(notes.figures)})`);
  if (notes.todos.length) parts.push(`${notes.todos.length} to-do note${notes.todos.length > 1 ? 's' : ''} (${quoted(notes.todos)})`);
  if (notes.listPages.length) parts.push(`the list of to-dos (page ${notes.listPages.join(', ')})`);
  return parts.length ? parts.join('; ') : undefined;
}

/** The extraction's warning for the notes left out. */
export const todoNotesWarning = (line: string) => `The author's notes to self were left out of the book: ${line}.`;
