import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { fixtureFile, type MultipartPart } from '@server/test/multipart.support';
import { extractText } from '@server/test/upload-forms.support';

const pdf: MultipartPart = fixtureFile('pdf/latex/course-chapter.pdf', 'application/pdf');
const markdown: MultipartPart = fixtureFile('course/optics-chapter.md', 'text/markdown');

describe('extract-text with two unrelated files', () => {
  const h = useHarness();

  it('the detected topic names what each file is about, not one file alone', async () => {
    const alice = await h.createUser('alice');
    const alone: string[] = [];
    for (const file of [pdf, markdown]) {
      const res = await extractText(h, alice, [file]);
      expect(res.statusCode).toBe(200);
      alone.push(res.json().detectedTopic);
    }
    expect(alone.every((t) => t.length > 0)).toBe(true);
    const res = await extractText(h, alice, [pdf, markdown]);
    expect(res.statusCode).toBe(200);
    const topic: string = res.json().detectedTopic;
    for (const own of alone) expect(topic).toContain(own);
    expect(res.json().sourceIds).toHaveLength(2);
  });

  it('a file that does not mention the typed topic is named with why, and each reference names the file it came from', async () => {
    const alice = await h.createUser('alice');
    const readings: MultipartPart = fixtureFile('course/causal-readings.md', 'text/markdown');
    const bib: MultipartPart = fixtureFile('course/causal-readings.bib', 'text/plain');
    const res = await extractText(h, alice, [markdown, readings, bib, { name: 'topic', value: 'Geometric optics' }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offTopicFiles).toEqual([
      {
        filename: 'causal-readings.md',
        reason: expect.stringMatching(/^"causal-readings\.md" does not mention "Geometric optics", and shares/),
      },
    ]);
    const refs = body.extractedReferences as Array<{ title: string; files?: string[] }>;
    const design = refs.find((r) => r.title === 'The Design of Experiments');
    expect(design?.files).toEqual(['causal-readings.md']);
    for (const r of refs) expect(r.files?.length).toBeGreaterThan(0);

    // Without a typed topic, or with one both files mention, no file is called unrelated.
    const untyped = await extractText(h, alice, [markdown, readings, bib]);
    expect(untyped.json().offTopicFiles).toBeUndefined();
  });
});
