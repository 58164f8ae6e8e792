import type { DocBlock } from '@server/core/document-model';
import type { FacedRun } from './pdf-types';

const wordChar = /[\p{L}\p{N}]/u;

/** The kinds of block whose running text keeps its bold and italic words. */
const running = new Set<DocBlock['kind']>(['paragraph', 'list-item', 'quote', 'note', 'margin']);

/**
 * Gives each bold or italic run of the lines to the block whose text holds it, looking from the block the run before went
 * to onwards, on the run's page or the page before (a paragraph carries the page it starts on): the runs become the
 * blocks' `strong` and `emphasis` in reading order. A run the block holds twice after the run before it could be either
 * (the composer marks the first): it is left plain, as is a run found nowhere (its words rejoined over a broken line).
 */
export function attachFaces(blocks: DocBlock[], runs: ReadonlyArray<FacedRun & { page: number }>): number {
  let attached = 0;
  let cursor = 0;
  // Where the last run of each face placed in each block ended: the next one is looked for after it, as the composer does.
  const after = { strong: new Map<DocBlock, number>(), emphasis: new Map<DocBlock, number>() };
  for (const run of runs) {
    const field = run.face === 'bold' ? 'strong' : 'emphasis';
    for (let i = cursor; i < blocks.length; i++) {
      const b = blocks[i];
      if (b.page !== undefined && b.page > run.page + 1) break;
      if (b.page === undefined || b.page > run.page || b.page < run.page - 1 || !running.has(b.kind)) continue;
      const from = after[field].get(b) ?? 0;
      const at = b.text.indexOf(run.text, from);
      if (at < 0) continue;
      // Whole words only ("in" is no bold word inside "into"), and only one place it can be.
      const whole =
        !(wordChar.test(b.text[at - 1] ?? '') && wordChar.test(run.text[0])) &&
        !(wordChar.test(b.text[at + run.text.length] ?? '') && wordChar.test(run.text[run.text.length - 1]));
      if (whole && b.text.indexOf(run.text, at + 1) < 0) {
        b[field] = [...(b[field] ?? []), run.text];
        after[field].set(b, at + run.text.length);
        attached++;
      }
      cursor = i;
      break;
    }
  }
  return attached;
}
