import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { fixtureFile } from '@server/test/multipart.support';
import { extractText, generateOutline } from '@server/test/upload-forms.support';

describe('what the files could not give as text, on the stored book', () => {
  const h = useHarness();

  it(
    'the book keeps each file note the Create page showed, with its pages and chapters, and names the notes to self once',
    { timeout: 180_000 },
    async () => {
      const alice = await h.createUser('alice');
      const files = () => [
        fixtureFile('pdf/latex/tex-type3-text.pdf', 'application/pdf'),
        fixtureFile('pdf/latex/todo-notes.pdf', 'application/pdf'),
      ];
      const extracted = await extractText(h, alice, files());
      expect(extracted.statusCode).toBe(200);
      const shown: string[] = extracted.json().warnings;
      expect(shown).toHaveLength(2);

      const res = await generateOutline(h, alice, [{ name: 'topic', value: 'Notes' }, ...files()]);
      expect(res.statusCode).toBe(200);
      const stored = await h.app.inject({
        method: 'GET',
        url: `/api/textbooks/${res.json().textbookId}`,
        headers: { cookie: alice.cookie },
      });
      expect(stored.statusCode).toBe(200);
      const { generation, chapters, notice } = stored.json().content;
      // The page set in a font without a text mapping: the same note, its page, and the chapter the page is in.
      expect(generation.fromFiles).toHaveLength(1);
      const [note] = generation.fromFiles;
      expect(shown).toContain(`${note.file}: ${note.note}`);
      expect(note.pages).toEqual([2]);
      // Each file is short, titled and shares no topic with the other, so each is one chapter under its title, and the
      // page's heading is a section of it.
      expect(note.chapters).toEqual([{ chapter: 'Words set in bitmap fonts', pages: [2] }]);
      const chapter = chapters.find((c: { title: string }) => c.title === 'Words set in bitmap fonts');
      expect(chapter.sections.map((s: { title: string }) => s.title)).toContain('A font without a text mapping');
      // The other file's note (the author's notes to self, left out) is in what the book left out, once.
      const other = shown.find((w) => w.startsWith('todo-notes.pdf: '))!;
      expect(other).toMatch(/notes to self were left out/);
      expect(generation.leftOut.filter((l: string) => l.includes("the author's notes to self"))).toHaveLength(1);
      expect(notice).toMatch(/Not everything in your files could be read as text/);
    },
  );
});
