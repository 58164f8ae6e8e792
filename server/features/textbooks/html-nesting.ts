import { limits } from '@common/limits';

/**
 * How deeply sanitized HTML nests: a chapter of 3,000 nested lists (78 KB) was accepted, and then
 * no live editor could open the book and the exports kept 43 levels. Counted on the sanitizer's
 * output, whose tags are well formed: every element but the void ones opens a level, `ul`/`ol`
 * also a list level.
 */
const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;
const voidTags = new Set(['br', 'hr', 'img', 'col', 'wbr', 'input', 'source', 'area', 'base', 'embed', 'link', 'meta', 'track']);
const listTags = new Set(['ul', 'ol']);

export function nestingOf(html: string): { depth: number; lists: number } {
  let depth = 0;
  let lists = 0;
  let maxDepth = 0;
  let maxLists = 0;
  const open: string[] = [];
  for (const m of html.matchAll(tag)) {
    const name = m[2].toLowerCase();
    if (voidTags.has(name) || m[3] === '/') continue;
    if (m[1] === '/') {
      // Close up to the matching open tag (the sanitizer closes everything it opens).
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      for (const closed of open.splice(at)) {
        depth--;
        if (listTags.has(closed)) lists--;
      }
      continue;
    }
    open.push(name);
    depth++;
    if (listTags.has(name)) lists++;
    if (depth > maxDepth) maxDepth = depth;
    if (lists > maxLists) maxLists = lists;
  }
  return { depth: maxDepth, lists: maxLists };
}

/** Why HTML nests deeper than a book may, or null. */
export function nestingProblem(html: string): string | null {
  // Cheap first: fewer tags than the limits cannot nest past them.
  if (!html.includes('<')) return null;
  const { depth, lists } = nestingOf(html);
  if (lists > limits.nestedListsMax) return `lists are nested more than ${limits.nestedListsMax} levels deep`;
  if (depth > limits.nestingMax) return `the text is nested more than ${limits.nestingMax} levels deep`;
  return null;
}
