import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/parts-bookmarks-fr.pdf')));

describe('parts whose bookmarks carry their Roman number ("II Corrections des exercices")', () => {
  // The page sets "Deuxième partie" on a line of its own above the part's title; the bookmark joins the two.
  it('reads every part title as a heading, with the unnumbered sections under it', async () => {
    const doc = await extractPdf(fixture(), 'parts-bookmarks-fr.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual([
      'Exercices sur les suites',
      'Suites arithmétiques',
      'Suites géométriques',
      'Corrections des exercices',
      'Suites arithmétiques',
      'Suites géométriques',
      'Applications en finance',
      'Intérêts composés',
    ]);
    const level = (text: string) => doc.blocks.find((b) => b.kind === 'heading' && b.text === text)?.level ?? 0;
    expect(level('Corrections des exercices')).toBeLessThan(level('Suites arithmétiques'));
  });

  it('keeps neither the part label nor a part title among the paragraphs', async () => {
    const doc = await extractPdf(fixture(), 'parts-bookmarks-fr.pdf');
    const text = doc.blocks.filter((b) => b.kind !== 'heading').map((b) => b.text);
    for (const t of text) expect(t).not.toMatch(/partie$|^(Corrections des exercices|Applications en finance)$/i);
    expect(text.some((t) => t.startsWith('Solution 1. Le dixième terme'))).toBe(true);
  });
});
