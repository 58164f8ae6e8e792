import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectTopic, filenameTopic } from '@server/ai/offline/analyze/topic';
import { useHarness } from '@server/test/harness.support';
import type { MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractText } from '@server/test/upload-forms.support';

/** The topic the user typed drives the objectives; tiny documents are named by their title or file. */
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const carbonText = [
  'Plants take in carbon dioxide through small pores called stomata and water through their roots.',
  'Inside the chloroplasts, chlorophyll absorbs light energy and the light reactions split water, releasing oxygen and making ATP and NADPH.',
  'The Calvin cycle then uses that ATP and NADPH to fix carbon dioxide into three-carbon sugars, which the plant builds into glucose and starch.',
  'Because carbon dioxide is the raw material of the Calvin cycle, its concentration in the air limits how fast carbon dioxide can be fixed on a bright day.',
].join(' ');

describe('extract-text: the given topic and tiny documents', () => {
  const h = useHarness();
  const post = (cookie: string, parts: MultipartPart[]) => extractText(h, { cookie }, parts);

  it('direct mode: objectives use the topic the user typed, not the detected one', async () => {
    const alice = await h.createUser('alice');
    const without = await post(alice.cookie, [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: carbonText },
    ]);
    expect(without.statusCode).toBe(200);
    const detected: string = without.json().detectedTopic;
    expect(detected).not.toBe('');
    expect(detected).not.toMatch(/photosynthesis/i);

    const withTopic = await post(alice.cookie, [
      { name: 'directMethod', value: 'true' },
      { name: 'topic', value: 'Photosynthesis' },
      { name: 'directContent', value: carbonText },
    ]);
    expect(withTopic.statusCode).toBe(200);
    const body = withTopic.json();
    // The detected topic is still the material's own; only the objectives follow the user.
    expect(body.detectedTopic).toBe(detected);
    const objectives: string[] = body.objectives;
    expect(objectives.length).toBeGreaterThanOrEqual(3);
    // Written in the sentence's case ("Explain photosynthesis ..."): a typed topic is no proper name.
    expect(objectives.some((o) => /\bphotosynthesis\b/i.test(o))).toBe(true);
    for (const o of objectives) expect(o).not.toContain(`in ${detected}`);
  });

  it('a tiny DOCX (tables.docx, 18 words) is named after its file, not a stray word like "Right"', async () => {
    const alice = await h.createUser('alice');
    const data = fs.readFileSync(fixturePath('docx/tables.docx'));
    const res = await post(alice.cookie, [{ name: 'files', filename: 'tables.docx', type: docxType, data }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.extractedText).toContain('Top left');
    expect(body.detectedTopic).toBe('Tables');
    for (const o of body.objectives as string[]) expect(o).not.toMatch(/\b(of|in) Right\b/);
  });
});

describe('detectTopic for tiny material', () => {
  const view = (over: Partial<Parameters<typeof detectTopic>[0]>) => ({
    titles: [],
    filenames: [],
    sections: [],
    texts: [],
    totalWords: 20,
    ...over,
  });
  const phrases = [{ phrase: 'right', score: 1 }];

  it('prefers a heading, then the single file name, then the given topic, over a key phrase', () => {
    expect(detectTopic(view({ sections: [{ heading: 'Cell membranes', level: 1, words: 15 }], filenames: ['x.docx'] }), phrases)).toBe(
      'Cell membranes',
    );
    expect(
      detectTopic(view({ sections: [{ heading: 'Introduction', level: 1, words: 15 }], filenames: ['cell_membranes.docx'] }), phrases),
    ).toBe('Cell Membranes');
    expect(detectTopic(view({}), phrases, 'Osmosis')).toBe('Osmosis');
    expect(detectTopic(view({ filenames: ['a.docx', 'b.docx'] }), phrases)).toBe('Right');
  });

  it('keeps key phrases for material of ordinary length', () => {
    expect(detectTopic(view({ totalWords: 400, filenames: ['notes.docx'] }), phrases)).toBe('Right');
  });

  it('turns a file name into a title-case topic', () => {
    expect(filenameTopic('plate_tectonics-notes.docx')).toBe('Plate Tectonics Notes');
    expect(filenameTopic('C:\\Users\\me\\DNA replication.pdf')).toBe('DNA Replication');
    expect(filenameTopic('waterCycle.txt')).toBe('Water Cycle');
    expect(filenameTopic('2024.pdf')).toBe('');
  });
});
