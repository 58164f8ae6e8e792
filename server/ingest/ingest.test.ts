import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import { chunkDocument } from './chunk';
import { extractDocx } from './docx-extract';
import { closeExtractPool, extractUpload } from './extract';
import { ExtractError } from './extract-error';
import { sniffKind } from './sniff';
import { decodeText, documentFromDirectText, extractTxt, textToBlocks } from './txt-extract';
import { fixturePath } from '../test/fixture-path.support';

const corpus = (p: string) => readFileSync(fixturePath(p));

afterAll(() => closeExtractPool());

describe('sniffKind (by bytes, never by name)', () => {
  it('recognizes PDF, DOCX and text', () => {
    expect(sniffKind(corpus('pdf/tracemonkey.pdf'))).toBe('pdf');
    expect(sniffKind(corpus('docx/tables.docx'))).toBe('docx');
    expect(sniffKind(Buffer.from('Plain notes about enzymes.\n'))).toBe('txt');
    expect(sniffKind(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('txt');
  });
  it('recognizes PNG and JPEG (scans and photos of pages)', () => {
    expect(sniffKind(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe('png');
    expect(sniffKind(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
  });
  it('refuses other images, other ZIPs and binary data', () => {
    expect(sniffKind(Buffer.from('474946383961', 'hex'))).toBeUndefined();
    expect(sniffKind(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('xl/workbook.xml')]))).toBeUndefined();
    expect(sniffKind(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x00]))).toBeUndefined();
    expect(sniffKind(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('TXT decoding', () => {
  const text = 'Café naïve – “quoted”';
  it('UTF-8 with and without BOM', () => {
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(text);
  });
  it('UTF-16 little and big endian with BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(le)).toBe(text);
    const be = Buffer.from(le);
    be[0] = 0xfe;
    be[1] = 0xff;
    for (let i = 2; i + 1 < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1], be[i]];
    expect(decodeText(be)).toBe(text);
  });
  it('falls back to Latin-1 (Windows-1252) for bytes that are not UTF-8', () => {
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65]))).toBe('Café – naïve');
  });
  it('finds headings, joins hard-wrapped lines and hyphenation, keeps lists', () => {
    const blocks = textToBlocks(
      '# Cell Energy\n\nMitochondria make ATP by oxida-\ntive phosphorylation\nin the inner membrane.\n\n- glycolysis\n- Krebs cycle\n\n2.1 Electron Transport\n\nProtons are pumped.',
    );
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Cell Energy', level: 1 },
      { kind: 'paragraph', text: 'Mitochondria make ATP by oxidative phosphorylation in the inner membrane.' },
      { kind: 'list-item', text: 'glycolysis' },
      { kind: 'list-item', text: 'Krebs cycle' },
      { kind: 'heading', text: '2.1 Electron Transport', level: 2 },
      { kind: 'paragraph', text: 'Protons are pumped.' },
    ]);
  });
  it('an empty or blank file is an "empty" error', () => {
    expect(() => extractTxt(Buffer.from(' \n\t\n'), 'blank.txt')).toThrow(ExtractError);
  });
  it('direct text keeps the typed text and puts the chapter title on top as its heading', () => {
    const doc = documentFromDirectText('Line one\nline two.\n\nSecond paragraph.', 'Chapter 1: Basics');
    expect(doc.text).toBe('Chapter 1: Basics\n\nLine one\nline two.\n\nSecond paragraph.');
    expect(doc.blocks[0]).toEqual({ kind: 'heading', text: 'Chapter 1: Basics', level: 1 });
    expect(chunkDocument(doc)[0].headingPath).toEqual(['Chapter 1: Basics']);
  });
});

describe('DOCX with mammoth', () => {
  it('keeps headings as structure', async () => {
    const doc = await extractDocx(corpus('docx/embedded-style-map.docx'), 'a.docx');
    expect(doc.blocks).toEqual([{ kind: 'heading', text: 'Walking on imported air', level: 1 }]);
  });
  it('keeps lists, tables, footnotes, endnotes and text boxes as text', async () => {
    expect((await extractDocx(corpus('docx/simple-list.docx'), 'l.docx')).blocks.map((b) => [b.kind, b.text])).toEqual([
      ['list-item', 'Apple'],
      ['list-item', 'Banana'],
    ]);
    const tables = await extractDocx(corpus('docx/tables.docx'), 't.docx');
    expect(tables.text).toBe('Above\n\nTop left | Top right\nBottom left | Bottom right\n\nBelow');
    expect(tables.blocks.find((b) => b.kind === 'table')?.rows).toEqual([
      ['Top left', 'Top right'],
      ['Bottom left', 'Bottom right'],
    ]);
    const notes = await extractDocx(corpus('docx/footnotes.docx'), 'f.docx');
    expect(notes.text).toBe('Ouch.\n\nA tachyon walks into a bar.\n\nFin.');
    // Footnotes are notes, kept apart from the text they annotate.
    expect(notes.blocks.filter((b) => b.kind === 'note').map((b) => b.text)).toEqual(['A tachyon walks into a bar.', 'Fin.']);
    expect((await extractDocx(corpus('docx/endnotes.docx'), 'e.docx')).text).toContain('A tachyon walks into a bar.');
    expect((await extractDocx(corpus('docx/text-box.docx'), 'b.docx')).text).toBe('Datum plane');
    expect((await extractDocx(corpus('docx/footnote-hyperlink.docx'), 'h.docx')).text).toBe('Example (http://www.example.com)');
    expect((await extractDocx(corpus('docx/utf8-bom.docx'), 'u.docx')).text).toBe('This XML has a byte order mark.');
  });
  it('empty.docx and a picture-only document are "contains no text" errors', async () => {
    for (const file of ['docx/empty.docx', 'docx/tiny-picture.docx']) {
      const err = await extractDocx(corpus(file), 'x.docx').catch((e: unknown) => e);
      expect((err as ExtractError).reason).toBe('empty');
    }
  });
  it('a damaged DOCX is a "damaged" error', async () => {
    const broken = Buffer.from(corpus('docx/tables.docx').subarray(0, 400));
    const err = await extractDocx(broken, 'broken.docx').catch((e: unknown) => e);
    expect((err as ExtractError).reason).toBe('corrupt');
  });
});

describe('extractUpload (worker threads)', () => {
  const config = { maxUploadFileBytes: 50 * 1024 * 1024, extractTimeoutMs: 60_000 };
  it('extracts and chunks off the main thread', async () => {
    const out = await extractUpload(
      { filename: 'tracemonkey.pdf', mimetype: 'application/pdf', data: corpus('pdf/tracemonkey.pdf') },
      config,
    );
    expect(out.document.mime).toBe('application/pdf');
    expect(out.chunks.length).toBeGreaterThan(20);
  });
  it('a file over the time limit fails with a 422 naming it, and the next file still works', async () => {
    const err = await extractUpload(
      { filename: 'slow.pdf', mimetype: 'application/pdf', data: corpus('pdf/tracemonkey.pdf') },
      { ...config, extractTimeoutMs: 5 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).message).toBe('Could not read "slow.pdf": reading it took too long; it may be damaged or too complex.');
    const ok = await extractUpload({ filename: 'n.txt', mimetype: 'text/plain', data: Buffer.from('Enzymes speed up reactions.') }, config);
    expect(ok.document.text).toBe('Enzymes speed up reactions.');
  });
  it('a GIF is refused with the spec message before any work', async () => {
    const err = await extractUpload({ filename: 'x.docx', mimetype: 'x', data: Buffer.from('47494638396101000100', 'hex') }, config).catch(
      (e: unknown) => e,
    );
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Invalid file format. Please upload PDF, DOCX, or TXT files only.');
  });
});
