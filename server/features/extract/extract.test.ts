import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { extractMessages } from '@common/extract';
import { sources } from '@server/db/schema';
import { extractStats } from '@server/ingest/extract';
import { useHarness } from '@server/test/harness.support';
import { actionVerbs } from '@server/ai/offline/analyze/objectives';
import type { MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractText } from '@server/test/upload-forms.support';

const corpus = (p: string) => readFileSync(fixturePath(p));
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const pdfType = 'application/pdf';
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('POST /api/extract-text', () => {
  // 2 MB per file, so the 413 test needs only a small body.
  const h = useHarness({ maxUploadFileBytes: 2 * 1024 * 1024, maxUploadRequestBytes: 3 * 1024 * 1024 });

  const post = (cookie: string | undefined, parts: MultipartPart[]) => extractText(h, cookie ? { cookie } : null, parts);

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(undefined, [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: 'Some text' },
    ]);
    expect(res.statusCode).toBe(401);
  });

  it('file mode without files: 400 "Please upload at least one file"', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [{ name: 'topic', value: 'Compilers' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(extractMessages.noFiles);
  });

  it('direct mode with blank content: 400 "Please enter some content"', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: '   \n  ' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(extractMessages.noContent);
  });

  it('direct mode: the typed text comes back under its chapter title, analyzed', async () => {
    const alice = await h.createUser('alice');
    const content =
      'Photosynthesis converts light energy into chemical energy. In the light reactions, chlorophyll absorbs photons and the thylakoid membrane builds a proton gradient.\n\n' +
      'The Calvin cycle then fixes carbon dioxide into sugars. When stomata close, carbon dioxide uptake falls and the Calvin cycle slows. The Calvin cycle needs ATP from the light reactions.';
    const res = await post(alice.cookie, [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: content },
      { name: 'chapterTitle', value: 'Energy in Plants' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.extractedText.startsWith('Energy in Plants\n\nPhotosynthesis converts light energy')).toBe(true);
    expect(body.detectedTopic).toBe('Energy in Plants');
    expect(body.objectives.length).toBeGreaterThanOrEqual(3);
    expect(body.objectives.length).toBeLessThanOrEqual(8);
    expect(body.objectives.join(' ')).toMatch(/Calvin cycle|light reactions|carbon dioxide/i);
    expect(body.aiSuggestions.some((s: string) => /short|example|question/i.test(s))).toBe(true);
  });

  it('tracemonkey.pdf: clean text, its title as topic, objectives from its sections, references from its bibliography', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [
      { name: 'files', filename: 'tracemonkey.pdf', type: pdfType, data: corpus('pdf/tracemonkey.pdf') },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.detectedTopic).toBe('Trace-based Just-in-Time Type Specialization for Dynamic Languages');
    expect(body.extractedText).toContain('3. Trace Trees');
    expect(body.extractedText).toContain('We present a trace-based compilation technique for dynamic languages');
    expect(body.objectives.length).toBeGreaterThanOrEqual(3);
    expect(body.objectives.length).toBeLessThanOrEqual(8);
    for (const objective of body.objectives) expect(actionVerbs.some((v) => objective.startsWith(`${v} `))).toBe(true);
    expect(body.objectives.join(' ').toLowerCase()).toMatch(/trace|nest|type special/);
    const refs = JSON.stringify(body.extractedReferences);
    expect(refs).toContain('HotpathVM');
    expect(refs).toContain('lua-users.org');
    expect(body.aiSuggestions.length).toBeGreaterThan(0);
  });

  it('sniffs by content: a text file named .pdf is read as text', async () => {
    const alice = await h.createUser('alice');
    const text =
      'Cell Biology\n\nMitochondria produce ATP through oxidative phosphorylation. The electron transport chain pumps protons across the inner membrane.';
    const res = await post(alice.cookie, [{ name: 'files', filename: 'notes.pdf', type: pdfType, data: Buffer.from(text) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().extractedText).toContain('Mitochondria produce ATP');
  });

  it('sniffs by content: a GIF named .docx gets the spec message', async () => {
    const alice = await h.createUser('alice');
    const gif = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
    const res = await post(alice.cookie, [{ name: 'files', filename: 'lecture.docx', type: docxType, data: gif }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid file format. Please upload PDF, DOCX, or TXT files only.');
  });

  it('tells a damaged file of an accepted type (random bytes named .pdf, a cut-off Word file) that it is damaged, not a wrong type', async () => {
    const alice = await h.createUser('alice');
    // Bytes from a fixed linear congruential sequence: the same "random" file on every run.
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff));
    const pdf = await post(alice.cookie, [{ name: 'files', filename: 'handout.pdf', type: pdfType, data: noise }]);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toBe('"handout.pdf" could not be read: the file is damaged or is not a PDF.');
    const cut = Buffer.concat([Buffer.from('504b0304', 'hex'), noise.subarray(0, 600)]);
    const docx = await post(alice.cookie, [{ name: 'files', filename: 'lecture.docx', type: docxType, data: cut }]);
    expect(docx.statusCode).toBe(422);
    expect(docx.json().message).toBe('"lecture.docx" could not be read: the file is damaged or is not a Word document.');
    // The same bytes named as a type the product does not read get the wrong-type message.
    const exe = await post(alice.cookie, [{ name: 'files', filename: 'tool.exe', type: 'application/octet-stream', data: noise }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Invalid file format. Please upload PDF, DOCX, or TXT files only.');
  });

  it('sniffs by content: a PNG named .docx is read as a picture of a page, and one with no text is refused with its name', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [{ name: 'files', filename: 'lecture.docx', type: docxType, data: png }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Could not read "lecture.docx": it contains no readable text (it may be damaged or hold only scanned images).',
    );
  });

  it.each(['pdf/GHOSTSCRIPT-698804-1-fuzzed.pdf', 'pdf/PDFBOX-3148-2-fuzzed.pdf', 'docx/empty.docx'])(
    '%s: a 4xx naming the file and the reason',
    async (file) => {
      const alice = await h.createUser('alice');
      const name = path.basename(file);
      const res = await post(alice.cookie, [
        { name: 'files', filename: name, type: file.endsWith('.pdf') ? pdfType : docxType, data: corpus(file) },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain(`"${name}"`);
      expect(res.json().message).toMatch(/no readable text|contains no text|damaged/);
    },
  );

  it('an empty file is refused with its name', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [{ name: 'files', filename: 'blank.txt', type: 'text/plain', data: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Could not read "blank.txt": it contains no text.');
  });

  it('a file over MAX_UPLOAD_MB: 413 naming the file', async () => {
    const alice = await h.createUser('alice');
    const big = Buffer.from('word '.repeat(Math.ceil((2.2 * 1024 * 1024) / 5)));
    const res = await post(alice.cookie, [{ name: 'files', filename: 'huge.txt', type: 'text/plain', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('huge.txt');
  });

  it('several files are combined in the order sent', async () => {
    const alice = await h.createUser('alice');
    const res = await post(alice.cookie, [
      {
        name: 'files',
        filename: 'b.txt',
        type: 'text/plain',
        data: Buffer.from('Second file comes first in this request about enzymes and catalysis.'),
      },
      { name: 'files', filename: 'tables.docx', type: docxType, data: corpus('docx/tables.docx') },
    ]);
    expect(res.statusCode).toBe(200);
    const text: string = res.json().extractedText;
    expect(text.indexOf('enzymes')).toBeLessThan(text.indexOf('Top left | Top right'));
  });

  it('the same file sent again is not parsed or stored again', async () => {
    const alice = await h.createUser('alice');
    const file = { name: 'files', filename: 'tracemonkey.pdf', type: pdfType, data: corpus('pdf/tracemonkey.pdf') };
    const first = await post(alice.cookie, [file]);
    expect(first.statusCode).toBe(200);
    const parsedBefore = extractStats.parsed;
    const second = await post(alice.cookie, [{ ...file, filename: 'renamed.pdf' }]);
    expect(second.statusCode).toBe(200);
    expect(extractStats.parsed).toBe(parsedBefore);
    expect(second.json().extractedText).toBe(first.json().extractedText);
    const rows = await h.database.db.select().from(sources).where(eq(sources.ownerId, alice.id));
    expect(rows).toHaveLength(1);
  });
});
