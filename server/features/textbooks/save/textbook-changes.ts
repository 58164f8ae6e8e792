import { referenceSchema, type Reference, type TextbookContent } from '@common/textbook';

/**
 * Plain phrases of what a save changed, for the version history (docs/decisions.md:
 * "a description that says what changed"): 'Edited section "X"', 'Reordered
 * chapters', 'Renamed chapter 3 to "Y"', 'Added chapter "Y"', ...
 */

const maxTitle = 60;
/** Beyond this many items of one kind, say how many instead of naming each. */
const maxNamed = 3;
/** A description names at most this many phrases, then "and N more changes". */
const maxPhrases = 4;

function quote(title: string): string {
  const t = title.trim() || 'Untitled';
  return `"${t.length > maxTitle ? `${t.slice(0, maxTitle - 1)}…` : t}"`;
}

function group(named: string[], counted: (n: number) => string): string[] {
  return named.length > maxNamed ? [counted(named.length)] : named;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function sameOrder(a: string[], b: string[]): boolean {
  const inB = new Set(b);
  const inA = new Set(a);
  const x = a.filter((id) => inB.has(id));
  const y = b.filter((id) => inA.has(id));
  return x.join('\u0000') === y.join('\u0000');
}

/**
 * A reference as a comparable string: defaults applied, keys sorted, empty
 * fields dropped and the year as text. Generation stores references with one
 * key order and the client sends them back with another, so comparing raw
 * JSON called every first save "Updated references".
 */
function referenceKey(ref: Reference): string {
  const parsed = referenceSchema.safeParse(ref);
  const value: Record<string, unknown> = parsed.success ? parsed.data : { ...ref };
  const entries = Object.entries(value)
    .map(([k, v]) => [k, k === 'year' && typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v] as const)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

function sameReferences(a: readonly Reference[], b: readonly Reference[]): boolean {
  return a.length === b.length && a.every((ref, i) => referenceKey(ref) === referenceKey(b[i]));
}

export function describeChanges(before: TextbookContent, after: TextbookContent, topic?: { before: string; after: string }): string[] {
  const phrases: string[] = [];
  if (topic && topic.before !== topic.after) phrases.push(`Changed the topic to ${quote(topic.after)}`);
  if (before.title !== after.title) phrases.push(`Renamed the textbook to ${quote(after.title)}`);

  const oldChapters = new Map(before.chapters.map((c) => [c.id ?? '', c]));
  const newChapters = new Map(after.chapters.map((c) => [c.id ?? '', c]));
  const added = after.chapters.filter((c) => !oldChapters.has(c.id ?? ''));
  const deleted = before.chapters.filter((c) => !newChapters.has(c.id ?? ''));
  phrases.push(
    ...group(
      added.map((c) => `Added chapter ${quote(c.title)}`),
      (n) => `Added ${plural(n, 'chapter')}`,
    ),
  );
  phrases.push(
    ...group(
      deleted.map((c) => `Deleted chapter ${quote(c.title)}`),
      (n) => `Deleted ${plural(n, 'chapter')}`,
    ),
  );
  if (
    !sameOrder(
      before.chapters.map((c) => c.id ?? ''),
      after.chapters.map((c) => c.id ?? ''),
    )
  )
    phrases.push('Reordered chapters');

  const renamedChapters: string[] = [];
  const editedChapters: string[] = [];
  const reorderedIn: string[] = [];
  after.chapters.forEach((ch, index) => {
    const old = oldChapters.get(ch.id ?? '');
    if (!old) return;
    if (old.title !== ch.title) renamedChapters.push(`Renamed chapter ${index + 1} to ${quote(ch.title)}`);
    if (old.content !== ch.content) editedChapters.push(`Edited chapter ${quote(ch.title)}`);
    if (
      !sameOrder(
        old.sections.map((s) => s.id ?? ''),
        ch.sections.map((s) => s.id ?? ''),
      )
    ) {
      reorderedIn.push(`Reordered sections in chapter ${quote(ch.title)}`);
    }
  });
  phrases.push(...group(renamedChapters, (n) => `Renamed ${plural(n, 'chapter')}`));
  phrases.push(...group(editedChapters, (n) => `Edited ${plural(n, 'chapter')}`));

  const oldSections = new Map(before.chapters.flatMap((c) => c.sections.map((s) => [s.id ?? '', { s, parent: c }] as const)));
  const newSections = new Map(after.chapters.flatMap((c) => c.sections.map((s) => [s.id ?? '', { s, parent: c }] as const)));
  const addedS: string[] = [];
  const editedS: string[] = [];
  const renamedS: string[] = [];
  const movedS: string[] = [];
  for (const [id, { s, parent }] of newSections) {
    const old = oldSections.get(id);
    if (!old) {
      addedS.push(`Added section ${quote(s.title)}`);
      continue;
    }
    if (old.s.title !== s.title) renamedS.push(`Renamed section ${quote(old.s.title)} to ${quote(s.title)}`);
    if (old.s.content !== s.content) editedS.push(`Edited section ${quote(s.title)}`);
    if ((old.parent.id ?? '') !== (parent.id ?? '')) movedS.push(`Moved section ${quote(s.title)} to chapter ${quote(parent.title)}`);
  }
  // Sections of a deleted chapter went with it; naming them again would only repeat the chapter.
  const deletedS = [...oldSections]
    .filter(([id, { parent }]) => !newSections.has(id) && newChapters.has(parent.id ?? ''))
    .map(([, { s }]) => `Deleted section ${quote(s.title)}`);
  phrases.push(...group(addedS, (n) => `Added ${plural(n, 'section')}`));
  phrases.push(...group(deletedS, (n) => `Deleted ${plural(n, 'section')}`));
  phrases.push(...group(renamedS, (n) => `Renamed ${plural(n, 'section')}`));
  phrases.push(...group(editedS, (n) => `Edited ${plural(n, 'section')}`));
  phrases.push(...group(movedS, (n) => `Moved ${plural(n, 'section')}`));
  phrases.push(...group(reorderedIn, (n) => `Reordered sections in ${plural(n, 'chapter')}`));

  if (!sameReferences(before.references ?? [], after.references ?? [])) phrases.push('Updated references');
  return phrases;
}

/** Adds new phrases to a version's earlier ones (coalesced saves), keeping order and dropping repeats. */
export function mergePhrases(earlier: readonly string[], later: readonly string[]): string[] {
  return [...new Set([...earlier, ...later])].slice(0, 50);
}

/** The one-line description shown in the history: what changed, then who. */
export function formatDescription(phrases: readonly string[], username: string): string {
  const what =
    phrases.length === 0
      ? 'Saved without changes'
      : phrases.length > maxPhrases
        ? `${phrases.slice(0, maxPhrases - 1).join('; ')}; and ${phrases.length - (maxPhrases - 1)} more changes`
        : phrases.join('; ');
  return `${what} (by ${username})`;
}
