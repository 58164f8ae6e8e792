import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { useHarness } from '@server/test/harness.support';
import { extractText } from '@server/test/upload-forms.support';

const pdf = (name: string) => readFileSync(fixturePath(`pdf/${name}`));

describe('POST /api/extract-text: files with pages that cannot be read', () => {
  const h = useHarness();

  const post = (cookie: string, files: Array<{ filename: string; data: Buffer }>) =>
    extractText(
      h,
      { cookie },
      files.map((f) => ({ name: 'files', filename: f.filename, type: 'application/pdf', data: f.data })),
    );

  it('reads the readable pages of every file and names, per file, the pages it could not read', { timeout: 180_000 }, async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [
      { filename: 'TAMReview.pdf', data: pdf('TAMReview.pdf') },
      { filename: 'handout.pdf', data: pdf('latex/scanned-pages.pdf') },
      { filename: 'chapter.pdf', data: pdf('latex/course-chapter.pdf') },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.warnings).toEqual([
      'TAMReview.pdf: pages 2–22 use fonts without a text mapping: no readable text; they are kept as pictures of the pages',
      'handout.pdf: pages 2–3 were hard to read: check the recognized text against the original',
    ]);
    expect(body.summaries).toEqual(['handout.pdf: 2 scanned pages read as text']);
    expect(body.extractedText).toContain('Overview of the Technology Acceptance Model');
    expect(body.extractedText).toContain('The first page of this handout was typed');
    expect(body.extractedText).toContain('Glycolysis splits one molecule of glucose');
  });

  it('a file with no readable page at all is still refused with its name', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [{ filename: 'broken.pdf', data: pdf('GHOSTSCRIPT-698804-1-fuzzed.pdf') }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Could not read "broken.pdf": it contains no readable text (it may be damaged or hold only scanned images).',
    );
  });
});
