import { describe, expect, it } from 'vitest';
import { handoutFile } from '@server/test/ingest/handout-docx.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { shareBook } from '@server/test/books.support';
import { generateOutline } from '@server/test/upload-forms.support';

const h = useHarness();

const fetchImage = (user: TestUser, url: string) => h.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

describe("a document's pictures in the textbook made from it", () => {
  it('are stored with the source, shown in the book by URL, and readable by the owner and collaborators only', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const stranger = await h.createUser('stranger');
    const res = await generateOutline(h, owner, [{ name: 'topic', value: 'Simulation' }, await handoutFile()]);
    expect(res.statusCode, res.body).toBe(200);
    const html = JSON.stringify(res.json().textbookContent);
    const url = /\/api\/images\/\d+/.exec(html)?.[0];
    expect(url).toBeDefined();
    // The figure keeps its caption, the equation its LaTeX.
    expect(html).toContain('Figure 1: The queue of the arcade machine');
    const chapters = res.json().textbookContent.chapters as Array<{ content: string }>;
    // The formula as stored, with the source generation wrote on it (common/block-provenance.ts).
    expect(chapters[0].content).toMatch(
      /<div data-type="block-math" data-latex="\\sum_\{i=1\}\^\{n\}x=\\frac\{n\}\{2\}" data-src="\d+:\d+"><\/div>/,
    );
    const image = await fetchImage(owner, url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await fetchImage(stranger, url!)).statusCode).toBe(404);
    expect((await fetchImage(friend, url!)).statusCode).toBe(404);
    await shareBook(h, res.json().textbookId, friend);
    expect((await fetchImage(friend, url!)).statusCode).toBe(200);
  });
});
