import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '../core/document-model';
import { fixturePath } from '../test/fixture-path.support';
import { extractTxt } from './txt-extract';

const txt = (text: string) => extractTxt(new TextEncoder().encode(text), 'notes.txt');

/** Each block as [kind, text, depth, ordered, start] for lists, [kind, text] otherwise. */
const shape = (blocks: DocBlock[]) =>
  blocks.map((b) => (b.kind === 'list-item' ? [b.kind, b.text, b.depth ?? 0, b.ordered ?? false, b.start] : [b.kind, b.text]));

describe('plain text: lists written under a line of text', () => {
  it('reads the lab handout’s lists as lists: under a paragraph line, indented, nested, numbered from 4', () => {
    const doc = extractTxt(readFileSync(fixturePath('text/titration-lab-lists.txt')), 'titration-lab-lists.txt');
    expect(doc.mime).toBe('text/plain');
    expect(shape(doc.blocks)).toEqual([
      ['heading', 'Titration Lab: Handout'],
      ['paragraph', 'Before the lab, read the safety sheet. Bring the following to the bench:'],
      ['list-item', 'safety goggles and a lab coat', 0, false, undefined],
      ['list-item', 'a bound notebook', 0, false, undefined],
      ['list-item', 'a calculator', 0, false, undefined],
      ['paragraph', 'The procedure has three stages, each with its own steps:'],
      ['list-item', 'Prepare the burette', 0, true, undefined],
      ['list-item', 'rinse it twice with distilled water', 1, false, undefined],
      ['list-item', 'rinse it once with the titrant', 1, false, undefined],
      ['list-item', 'Fill the burette to the zero mark and note the reading in your notebook before you start.', 0, true, undefined],
      ['list-item', 'Titrate until the indicator turns pale pink', 0, true, undefined],
      ['paragraph', 'If the colour fades within thirty seconds, go on from step 4:'],
      ['list-item', 'add the titrant drop by drop', 0, true, 4],
      ['list-item', 'swirl the flask after each drop', 0, true, undefined],
      ['list-item', 'record the final reading', 0, true, undefined],
      ['paragraph', 'Write up your results as a short report of no more than two pages. Hand it in at the start of the next session.'],
    ]);
  });

  it('ends a list at the text after it and keeps a numbered list’s start under a paragraph', () => {
    const doc = txt(
      [
        'The layers, from the wire up, are',
        '* link',
        '* internet',
        'Each layer only talks to the one below it.',
        '',
        'The questions left for next week:',
        '3) why are there only 13 root servers',
        '3) what does a router keep',
      ].join('\n'),
    );
    expect(shape(doc.blocks)).toEqual([
      ['paragraph', 'The layers, from the wire up, are'],
      ['list-item', 'link', 0, false, undefined],
      ['list-item', 'internet', 0, false, undefined],
      ['paragraph', 'Each layer only talks to the one below it.'],
      ['paragraph', 'The questions left for next week:'],
      ['list-item', 'why are there only 13 root servers', 0, true, 3],
      ['list-item', 'what does a router keep', 0, true, undefined],
    ]);
  });

  it('nests items by their indentation and numbers each level on its own', () => {
    const doc = txt(
      'Plan:\n1. measure\n    1. the mass\n    2. the volume\n2. compute the density\n\t- by hand, to check\n3. compare it with the table\n',
    );
    expect(shape(doc.blocks)).toEqual([
      ['paragraph', 'Plan:'],
      ['list-item', 'measure', 0, true, undefined],
      ['list-item', 'the mass', 1, true, undefined],
      ['list-item', 'the volume', 1, true, undefined],
      ['list-item', 'compute the density', 0, true, undefined],
      ['list-item', 'by hand, to check', 1, false, undefined],
      ['list-item', 'compare it with the table', 0, true, undefined],
    ]);
  });

  it('keeps an item hard-wrapped onto a line of its own margin in the item, and the prose after the list apart', () => {
    const doc = txt(
      [
        'The smaller speedups on the other benchmarks have a few causes:',
        '• The implementation does not currently trace recursion, so',
        'TraceMonkey achieves little on benchmarks that recurse.',
        '• The implementation does not trace eval.',
        'Everything else runs on traces, as the figures below show.',
      ].join('\n'),
    );
    expect(shape(doc.blocks)).toEqual([
      ['paragraph', 'The smaller speedups on the other benchmarks have a few causes:'],
      [
        'list-item',
        'The implementation does not currently trace recursion, so TraceMonkey achieves little on benchmarks that recurse.',
        0,
        false,
        undefined,
      ],
      ['list-item', 'The implementation does not trace eval.', 0, false, undefined],
      ['paragraph', 'Everything else runs on traces, as the figures below show.'],
    ]);
  });

  it('leaves a hard-wrapped sentence whose line happens to open with a dash or a number as one paragraph', () => {
    const doc = txt('The temperature fell from 12 degrees to\n- 5 degrees overnight, and in the year\n2010. it fell further still.\n');
    expect(shape(doc.blocks)).toEqual([
      ['paragraph', 'The temperature fell from 12 degrees to - 5 degrees overnight, and in the year 2010. it fell further still.'],
    ]);
  });

  it('keeps numbered steps under a line of text as a list in a text file written in Markdown', () => {
    const doc = txt(
      '# Titration\n\nFill the burette.\n\n## When the colour fades\n\nGo on from step 4:\n4. add the titrant drop by drop\n5. swirl the flask\n\n```\nrun:\n2. not a list in code\n```\n',
    );
    expect(doc.mime).toBe('text/markdown');
    expect(shape(doc.blocks.filter((b) => b.kind !== 'heading'))).toEqual([
      ['paragraph', 'Fill the burette.'],
      ['paragraph', 'Go on from step 4:'],
      ['list-item', 'add the titrant drop by drop', 0, true, 4],
      ['list-item', 'swirl the flask', 0, true, undefined],
      ['code', 'run:\n2. not a list in code'],
    ]);
  });
});
