import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import type { MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractText } from '@server/test/upload-forms.support';

const pdf: MultipartPart = {
  name: 'files',
  filename: 'course-chapter.pdf',
  type: 'application/pdf',
  data: fs.readFileSync(fixturePath('pdf/latex/course-chapter.pdf')),
};
const markdown: MultipartPart = {
  name: 'files',
  filename: 'optics-chapter.md',
  type: 'text/markdown',
  data: fs.readFileSync(fixturePath('course/optics-chapter.md')),
};

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
});
