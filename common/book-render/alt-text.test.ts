import { describe, expect, it } from 'vitest';
import { describeImages, levelHeadings, looksGarbled, tablePictureAlt, undescribedFigureAlt } from './alt-text';
import { parseEditorHtml } from './parse-html';

const altsOf = (html: string) =>
  describeImages(parseEditorHtml(html))
    .filter((b) => b.kind === 'image')
    .map((b) => (b.kind === 'image' ? b.alt : ''));

describe('describeImages', () => {
  it('replaces a placeholder with the caption below and the sentence that names the figure', () => {
    expect(
      altsOf(
        '<p>Waves interfere. As Figure 2.1 shows, crests add up.</p><p>Unrelated.</p><img src="/api/images/1" alt="Figure">' +
          '<p><em>Figure 2.1: Two waves in phase</em></p>',
      ),
    ).toEqual(['Figure 2.1: Two waves in phase As Figure 2.1 shows, crests add up.']);
  });

  it('takes a caption above (tables, charts) and a colon sentence just before', () => {
    expect(altsOf('<p>Table 3: Boiling points</p><img src="/api/images/1" alt="">')).toEqual(['Table 3: Boiling points']);
    expect(altsOf('<p>The setup looks like this:</p><img src="/api/images/1" alt="Image">')).toEqual(['The setup looks like this:']);
    expect(altsOf('<p>The setup looks like this:</p><img src="/api/images/1" alt="IMG_2041.JPG">')).toEqual(['The setup looks like this:']);
  });

  it('keeps a real alt text, leaves an undescribed picture empty and never invents', () => {
    expect(altsOf('<img src="/api/images/1" alt="A pendulum at rest">')).toEqual(['A pendulum at rest']);
    expect(altsOf('<p>Some text.</p><img src="/api/images/1" alt="Figure">')).toEqual(['']);
  });

  it('says a garbled formula picture is a formula instead of reading its symbols', () => {
    expect(looksGarbled('( ) N! N! ln(W) = ln = ln s ∏')).toBe(true);
    expect(looksGarbled('Energy levels of hydrogen (n = 1 to 4)')).toBe(false);
    // A formula read in order is mostly symbols, and is the best alt text it can have.
    expect(looksGarbled('∑_{i=1}^{n} x_{i} ≠ ∫_{0}^{1} g(t) dt.')).toBe(false);
    expect(looksGarbled('f(x) = a_{0} + a_{1} x + a_{2} x^{2}')).toBe(false);
    expect(looksGarbled('a = b = c')).toBe(false);
    expect(altsOf('<img src="/api/images/1" alt="( ) N! N! ln(W) = ln = ln s ∏">')).toEqual([
      'A formula, shown as a picture from the source document.',
    ]);
  });

  it('keeps the statement the engine wrote for a picture without caption, or a table picture, unless the text says more', () => {
    expect(altsOf(`<p>Text.</p><img src="/api/images/1" alt="${undescribedFigureAlt}">`)).toEqual([undescribedFigureAlt]);
    expect(altsOf(`<p>The rates are:</p><img src="/api/images/1" alt="${tablePictureAlt}">`)).toEqual([
      `${tablePictureAlt} The rates are:`,
    ]);
  });

  it('describes pictures inside lists and tables too', () => {
    const blocks = describeImages(parseEditorHtml('<ul><li><p>Look:</p><img src="/api/images/1" alt="Figure"></li></ul>'));
    expect(JSON.stringify(blocks)).toContain('"alt":"Look:"');
  });
});

describe('levelHeadings', () => {
  it('puts the first heading right below the parent and never skips a level', () => {
    const levels = (html: string, parent: number) =>
      levelHeadings(parseEditorHtml(html), parent).flatMap((b) => (b.kind === 'heading' ? [b.level] : []));
    expect(levels('<h3>a</h3><h5>b</h5><h6>c</h6><h3>d</h3>', 1)).toEqual([2, 3, 4, 2]);
    expect(levels('<h3>a</h3><h4>b</h4><h6>c</h6>', 2)).toEqual([3, 4, 5]);
  });
});
