import fs from 'node:fs';
import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import type { MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractText } from '@server/test/upload-forms.support';

const file = (filename: string, fixture: string, type: string): MultipartPart => ({
  name: 'files',
  filename,
  type,
  data: fs.readFileSync(fixturePath(`course/${fixture}`)),
});
const page = file('causal-readings.md', 'causal-readings.md', 'text/markdown');
const bib = file('causal-readings.bib', 'causal-readings.bib', 'application/x-bibtex');
const csl = file('causal-readings.json', 'causal-readings.json', 'application/json');
const titles = (body: { extractedReferences: Array<{ title?: string } | string> }) =>
  body.extractedReferences.map((r) => (typeof r === 'string' ? r : (r.title ?? '')));

describe('extract-text with a Markdown page and its bibliography file', () => {
  const h = useHarness();

  it('a .bib beside the page resolves its citations; the cited entries are its references; the file is no document', async () => {
    const alice = await h.createUser('alice');
    const alone = await extractText(h, alice, [page]);
    expect(alone.statusCode).toBe(200);
    expect(alone.json().extractedText).toContain('(Fisher:1935, ch. 2)');

    const res = await extractText(h, alice, [page, bib]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.extractedText).toContain('(Fisher 1935, ch. 2)');
    expect(body.extractedText).toContain('Murnane and Willett (2011)');
    expect(body.extractedText).not.toContain('An entry nobody cites');
    // One source: the page (read anew with its bibliography); the .bib is not a document of the book.
    expect(body.sourceIds).toHaveLength(1);
    expect(body.sourceIds[0]).not.toBe(alone.json().sourceIds[0]);
    expect(titles(body)).toEqual(
      expect.arrayContaining([
        'The Design of Experiments',
        'Methods Matter: Improving Causal Inference in Educational and Social Science Research',
        'Making Sense of Sensitivity: Extending Omitted Variable Bias',
      ]),
    );
    expect(body.summaries).toContain(
      "causal-readings.bib: the bibliography for causal-readings.md: 4 of its 5 entries cited, in the book's references",
    );
    expect((body.warnings as string[]).join(' ')).toMatch(/Rosenbaum:2002/);
  });

  it('the works the page cites from its bibliography file come approved; the reference list of a PDF reference list waits for approval', async () => {
    const alice = await h.createUser('alice');
    const body = (await extractText(h, alice, [page, bib])).json() as {
      extractedReferences: Array<{ title?: string; approved?: boolean }>;
    };
    const fisher = body.extractedReferences.find((r) => r.title === 'The Design of Experiments');
    expect(fisher?.approved).toBe(true);
    expect(body.extractedReferences.every((r) => r.approved === true)).toBe(true);
    const pdf: MultipartPart = {
      name: 'files',
      filename: 'tracemonkey.pdf',
      type: 'application/pdf',
      data: fs.readFileSync(fixturePath('pdf/tracemonkey.pdf')),
    };
    const paper = (await extractText(h, alice, [pdf])).json() as { extractedReferences: Array<{ approved?: boolean }> };
    expect(paper.extractedReferences.length).toBeGreaterThan(0);
    expect(paper.extractedReferences.some((r) => r.approved)).toBe(false);
  });

  it('a CSL-JSON file does the same', async () => {
    const alice = await h.createUser('alice');
    const res = await extractText(h, alice, [page, csl]);
    expect(res.statusCode).toBe(200);
    expect(res.json().extractedText).toContain('(see Cinelli and Hazlett 2020; Rosenbaum:2002)');
    expect(res.json().summaries).toContain(
      "causal-readings.json: the bibliography for causal-readings.md: 3 of its 3 entries cited, in the book's references",
    );
  });

  it('a .bib beside a Word document resolves the citations typed in it, the cited entries its references', async () => {
    const alice = await h.createUser('alice');
    const data = Buffer.from(
      await Packer.toBuffer(
        new Document({
          sections: [
            {
              children: [
                new Paragraph({ text: 'Causal inference', heading: 'Heading1' }),
                new Paragraph('Randomised experiments remove confounding by design [@Fisher:1935, ch. 2].'),
                new Paragraph('@MurnaneWillett:2011 show how observational data can still answer causal questions.'),
              ],
            },
          ],
        }),
      ),
    );
    const word: MultipartPart = { name: 'files', filename: 'causal-notes.docx', type: 'application/octet-stream', data };
    const res = await extractText(h, alice, [word, bib]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.extractedText).toContain('(Fisher 1935, ch. 2)');
    expect(body.extractedText).toContain('Murnane and Willett (2011) show');
    expect(body.sourceIds).toHaveLength(1);
    expect(titles(body)).toEqual(expect.arrayContaining(['The Design of Experiments']));
    expect(body.summaries).toContain(
      "causal-readings.bib: the bibliography for causal-notes.docx: 2 of its 5 entries cited, in the book's references",
    );
  });

  it('a bibliography alone is refused with the reason', async () => {
    const alice = await h.createUser('alice');
    const res = await extractText(h, alice, [bib]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"causal-readings\.bib" is a bibliography: upload it together with the Markdown pages/);
  });
});
