import { describe, expect, it } from 'vitest';
import { leftOutPlaces, leftOutSrc, placesClause } from './left-out-places';

describe("a left-out picture's place in a Word document", () => {
  it('is the heading over it, or the paragraph before the first heading, and its marker is emptied', () => {
    const html =
      `<p>Intro</p><p><img src="${leftOutSrc('vector')}" /></p><h1>Cells &amp; <em>tissues</em></h1>` +
      `<p><img src="${leftOutSrc('large')}" /></p><h2>Membranes</h2><p><img src="${leftOutSrc('vector')}" /></p>`;
    const found = leftOutPlaces(html);
    expect(found.places).toEqual({ vector: ['2', '“Membranes”'], large: ['“Cells & tissues”'], beyond: [] });
    expect(found.html).not.toContain('ts-left-out');
    expect(found.html.match(/src=""/g)).toHaveLength(3);
  });

  it('lists at most three places, then how many more', () => {
    expect(placesClause([])).toBe('');
    expect(placesClause(['“A”'])).toBe(' (under “A”)');
    expect(placesClause(['2', '“B”', '“C”'])).toBe(' (in paragraph 2 and under “B” and “C”)');
    expect(placesClause(['“A”', '“B”', '“C”', '“D”', '“E”'])).toBe(' (under “A”, “B” and “C”, and 2 more places)');
  });
});
