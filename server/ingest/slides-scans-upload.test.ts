import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import { checkUpload, closeExtractPool, extractUpload } from './extract';
import { lyingDocx } from '../test/ingest/lying-zip.support';
import { renderScan } from '../test/ingest/scan.support';
import { extractPptx } from './pptx-extract';
import { buildDeck } from '../test/ingest/deck.support';
import { sniffKind } from './sniff';
import JSZip from 'jszip';

const config = { maxUploadFileBytes: 50 * 1024 * 1024, extractTimeoutMs: 120_000 };
afterAll(() => closeExtractPool());

const refusal = async (p: Promise<unknown>) => (await p.then(() => undefined).catch((e: unknown) => e)) as AppError;

/** A PNG header (signature and IHDR) declaring these dimensions: nothing behind it to decode. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(6, 17);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr]);
}

/** What Office writes for a password-protected deck: an OLE compound file holding an "EncryptedPackage" stream. */
function encryptedDeck(): Buffer {
  const data = Buffer.alloc(4096);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(data, 0);
  Buffer.from('EncryptedPackage', 'utf16le').copy(data, 1024);
  return data;
}

describe('slides and scans at upload', () => {
  it('knows a deck, a PNG and a JPEG by their bytes', async () => {
    expect(sniffKind(await buildDeck())).toBe('pptx');
    expect(sniffKind(renderScan().data)).toBe('png');
    expect(sniffKind(renderScan({ jpeg: true }).data)).toBe('jpeg');
  });

  it('reads a deck in an extraction process and says what it read', async () => {
    const out = await extractUpload(
      { filename: 'week3.pptx', mimetype: 'application/octet-stream', data: Buffer.from(await buildDeck()) },
      config,
    );
    expect(out.document.mime).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(out.document.summary).toBe('9 slides, 2 with speaker notes');
    expect(out.chunks.length).toBeGreaterThan(0);
  });

  it('reads a photographed page in an extraction process, saying which page it reads', { timeout: 180_000 }, async () => {
    const reports: string[] = [];
    const out = await extractUpload({ filename: 'page.jpg', mimetype: 'image/jpeg', data: renderScan({ jpeg: true }).data }, config, {
      onProgress: (p) => reports.push(p.message),
    });
    expect(reports).toEqual(['Reading page 1 of 1']);
    expect(out.document.mime).toBe('image/jpeg');
    expect(out.document.text).toContain('A leaf is a thin solar panel.');
  });

  it('refuses a 20,000 x 20,000 picture by its header, before decoding it', async () => {
    const err = await refusal(
      Promise.resolve().then(() => checkUpload({ filename: 'huge.png', mimetype: 'image/png', data: pngHeader(20_000, 20_000) }, config)),
    );
    expect(err.status).toBe(413);
    expect(err.message).toBe(
      'Could not read "huge.png": it is too large (the picture is 20,000 × 20,000 pixels; at most 64 megapixels are read).',
    );
  });

  it('says a password-protected deck is password-protected', async () => {
    const err = await refusal(extractUpload({ filename: 'locked.pptx', mimetype: 'x', data: encryptedDeck() }, config));
    expect(err.status).toBe(422);
    expect(err.message).toBe('Could not read "locked.pptx": it is password-protected (encrypted); please upload an unprotected copy.');
  });

  it('refuses a deck whose ZIP lies about its size, counting what it really inflates to', async () => {
    const liar = await lyingDocx(300, 1024, 'ppt/presentation.xml');
    expect(sniffKind(liar)).toBe('pptx');
    const err = await refusal(extractUpload({ filename: 'bomb.pptx', mimetype: 'x', data: liar }, config));
    expect(err.status).toBe(413);
    expect(err.message).toBe('Could not read "bomb.pptx": it is too large (it unpacks to more than 256 MB).');
  });

  it('refuses a deck whose XML declares entities (an XML bomb) as damaged, without expanding them', async () => {
    const zip = await JSZip.loadAsync(await buildDeck());
    const lol =
      '<!DOCTYPE p:presentation [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    const xml = (await zip.file('ppt/slides/slide1.xml')!.async('string')).replace('?>', `?>${lol}`).replace('Agenda', '&c;');
    zip.file('ppt/slides/slide1.xml', xml);
    const bomb = await zip.generateAsync({ type: 'uint8array' });
    await expect(extractPptx(bomb, 'lol.pptx')).rejects.toMatchObject({ reason: 'corrupt' });
  });
});
