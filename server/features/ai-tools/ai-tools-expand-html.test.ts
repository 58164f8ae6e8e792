import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createLinkedBook } from '@server/test/ai/computing-material.support';

const h = useHarness();
let alice: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
});

/** The editor's own HTML of a selection inside a paragraph (inline: no <p> around it): a link, a formula and inline code between words. */
const inline =
  'The transistor was invented at <a href="https://example.org/bell-labs">Bell Labs</a> in 1947 and slowly replaced vacuum tubes. ' +
  'A gain of <span data-type="inline-math" data-latex="10^{3}"></span> in reliability came with <code>npn</code> junctions.';

describe('POST /api/ai/expand-paragraph with the selection as HTML', () => {
  it.each([
    ['part of a paragraph (inline HTML)', inline],
    ['whole paragraphs', `<p>${inline}</p>`],
  ])('gives %s back whole, its words still apart from its link, formula and code, with new text after it', async (_, selection) => {
    const book = await createLinkedBook(h, alice);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ai/expand-paragraph',
      payload: { paragraphContent: selection, textbookId: book.id, subject: 'Transistors' },
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { expandedContent: string; exhausted: boolean };
    expect(body.exhausted).toBe(false);
    const html = body.expandedContent;
    expect(html).toMatch(/invented at <a [^>]*href="https:\/\/example\.org\/bell-labs"[^>]*>Bell Labs<\/a> in 1947/);
    expect(html).toMatch(/A gain of <span data-type="inline-math" data-latex="10\^\{3\}"><\/span> in reliability/);
    expect(html).toContain('came with <code>npn</code> junctions.');
    // New text comes after the selection, never in place of it.
    const at = html.indexOf('junctions.');
    expect(html.slice(at).replace(/<[^>]+>/g, '').length).toBeGreaterThan('junctions.'.length + 20);
  });
});
