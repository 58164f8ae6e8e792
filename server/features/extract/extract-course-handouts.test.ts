import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractMessages } from '@common/extract';
import { useHarness } from '@server/test/harness.support';
import type { MultipartPart } from '@server/test/multipart.support';
import { extractText } from '@server/test/upload-forms.support';

/**
 * Documents shaped like real course handouts (written for these tests, not from the corpus):
 * a lecture whose first lines are course / title / lecturer / term, a Word
 * file with its title in Word's Title style, references with DOIs, and a web
 * page renamed to .pdf.
 */
const para = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `The ${topic} idea number ${i + 1} is explained here with enough words to form a real paragraph of teaching text about the subject.`,
  ).join(' ');

const lecture = [
  'GEOL 210: Earth Dynamics\nLecture 7 - Plate Tectonics: From Continental Drift to a Unifying Theory\nProf. Miriam Okafor, Department of Earth Sciences\nAutumn Term',
  '1. Introduction',
  para('introduction', 6),
  '2. Historical Background',
  '2.1 Continental drift',
  para('drift', 6),
  '2.2 Why drift was rejected',
  para('rejection', 6),
  '3. Key Definitions',
  'Lithosphere: the rigid outer shell of the Earth, comprising the crust and the uppermost mantle.\nDivergent boundary: a boundary where two plates move apart and new lithosphere is created.',
  '4. Plate Boundaries',
  para('boundary', 8),
  '5. Worked Examples',
  'Example 1. A magnetic anomaly with an age of 4.0 million years lies 120 kilometres east of a ridge axis. What is the half-spreading rate? The rate is 120 km / 4.0 Myr = 3 cm/yr.',
  'References',
  'Wegener, A. (1915). Die Entstehung der Kontinente und Ozeane. Braunschweig: Vieweg.',
  'Vine, F. J., & Matthews, D. H. (1963). Magnetic anomalies over oceanic ridges. Nature, 199, 947-949. https://doi.org/10.1038/199947a0',
  'Wilson, J. T. (1965). A new class of faults and their bearing on continental drift. Nature, 207, 343-347.',
].join('\n\n');

describe('extract-text on realistic course handouts', () => {
  const h = useHarness();
  const post = (cookie: string, parts: MultipartPart[]) => extractText(h, { cookie }, parts);

  it('a lecture TXT: the title line of its title block is the topic, objectives read well, every reference is found', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [{ name: 'files', filename: 'lecture7.txt', type: 'text/plain', data: Buffer.from(lecture) }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.detectedTopic).toBe('Plate Tectonics: From Continental Drift to a Unifying Theory');
    const objectives: string[] = body.objectives;
    expect(objectives.length).toBeGreaterThanOrEqual(3);
    for (const o of objectives) {
      expect(o).not.toMatch(/\b1\. Introduction\b|\bthe the\b|Definitions|Examples/);
    }
    // "Historical Background" has no text of its own but two subsections with plenty.
    expect((body.aiSuggestions as string[]).join(' ')).not.toMatch(/Historical Background" has only/);
    // "boundary" is defined in the glossary form "Divergent boundary: a boundary where ...".
    expect((body.aiSuggestions as string[]).join(' ')).not.toMatch(/"boundary" is used/);
    const titles = (body.extractedReferences as Array<{ title: string }>).map((r) => r.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Die Entstehung der Kontinente und Ozeane',
        'Magnetic anomalies over oceanic ridges',
        'A new class of faults and their bearing on continental drift',
      ]),
    );
  });

  it("a DOCX whose title is in Word's Title style: that title is the topic", async () => {
    const alice = await h.createUser('alice');
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Human Memory: Encoding, Storage and Retrieval', heading: HeadingLevel.TITLE }),
            new Paragraph({ text: 'Why study memory?', heading: HeadingLevel.HEADING_1 }),
            new Paragraph(para('memory', 5)),
            new Paragraph({ text: 'Working memory', heading: HeadingLevel.HEADING_1 }),
            new Paragraph(para('working memory', 5)),
          ],
        },
      ],
    });
    const data = await Packer.toBuffer(doc);
    const res = await post(alice.cookie, [
      { name: 'files', filename: 'memory.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().detectedTopic).toBe('Human Memory: Encoding, Storage and Retrieval');
    expect(res.json().extractedText).toContain('Why study memory?');
  });

  it('two author-year references run together on one line become two references', async () => {
    const alice = await h.createUser('alice');
    const text = `Catchment Hydrology\n\n${para('water', 8)}\n\nReferences\n\nHorton, R. E. (1933). The role of infiltration in the hydrologic cycle. Eos, 14(1), 446-460. https://doi.org/10.1029/TR014i001p00446 Dingman, S. L. (2015). Physical Hydrology (3rd ed.). Waveland Press.`;
    const res = await post(alice.cookie, [{ name: 'files', filename: 'water.txt', type: 'text/plain', data: Buffer.from(text) }]);
    const refs = res.json().extractedReferences as Array<{ title: string; authors: string; description: string }>;
    expect(refs.map((r) => r.title)).toEqual(
      expect.arrayContaining(['The role of infiltration in the hydrologic cycle', 'Physical Hydrology (3rd ed.)']),
    );
    expect(refs.find((r) => r.title.startsWith('The role'))?.description).not.toContain('Dingman');
  });

  it('a web page renamed .pdf is refused as an invalid format, not read as course text', async () => {
    const alice = await h.createUser('alice');
    const page = Buffer.from(
      '<!DOCTYPE html>\n<html><head><title>x</title></head><body><h1>Not a PDF</h1><script>alert(1)</script></body></html>',
    );
    const res = await post(alice.cookie, [{ name: 'files', filename: 'notes.pdf', type: 'application/pdf', data: page }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(extractMessages.invalidFormat);
  });
});
