import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { limits } from '@common/limits';
import { collaborators } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook, shareBook } from '@server/test/books.support';
import { declaresImage, sniffImageType } from './image-type';
import { makePng, type MultipartPart } from '@server/test/multipart.support';
import { uploadImageForm } from '@server/test/upload-forms.support';

const h = useHarness();

const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const webp = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');
const jpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

function upload(user: TestUser | null, textbookId: number | string | null, file: { filename: string; type: string; data: Buffer }) {
  const parts: MultipartPart[] = [];
  if (textbookId !== null) parts.push({ name: 'textbookId', value: String(textbookId) });
  parts.push({ name: 'file', ...file });
  return uploadImageForm(h, user, parts);
}

function fetchImage(user: TestUser | null, url: string, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });
}

describe('image type checks', () => {
  it('recognizes png, jpeg, gif and webp by their bytes and nothing else', () => {
    expect(sniffImageType(makePng())).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(gif)).toBe('image/gif');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
  });
  it('requires the upload to claim an image type', () => {
    expect(declaresImage('image/png', 'a.png')).toBe(true);
    expect(declaresImage('application/octet-stream', 'photo.JPG')).toBe(true);
    expect(declaresImage('text/plain', 'a.txt')).toBe(false);
    expect(declaresImage('image/svg+xml', 'a.svg')).toBe(false);
    expect(declaresImage('image/png', 'a.txt')).toBe(false);
    expect(declaresImage('application/octet-stream', 'a.bin')).toBe(false);
  });
});

describe('POST /api/images/upload', () => {
  it('stores a PNG and serves it back at the dataUrl with its type, nosniff and cache headers', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const png = makePng(3, 2);
    const res = await upload(owner, book.id, { filename: 'diagram.png', type: 'image/png', data: png });
    expect(res.statusCode).toBe(200);
    const { dataUrl } = res.json();
    expect(dataUrl).toMatch(/^\/api\/images\/\d+$/);
    const got = await fetchImage(owner, dataUrl);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toMatch(/private/);
    expect(got.rawPayload.equals(png)).toBe(true);
    const again = await fetchImage(owner, dataUrl, { 'if-none-match': String(got.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('accepts JPEG, GIF and WebP, served with the type their bytes say', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    for (const [data, type, name] of [
      [jpeg, 'image/jpeg', 'a.jpg'],
      [gif, 'image/gif', 'a.gif'],
      [webp, 'image/webp', 'a.webp'],
    ] as const) {
      const res = await upload(owner, book.id, { filename: name, type, data });
      expect(res.statusCode, name).toBe(200);
      expect((await fetchImage(owner, res.json().dataUrl)).headers['content-type']).toBe(type);
    }
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413 and the message', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const png = makePng();
    const exact = Buffer.concat([png, Buffer.alloc(limits.imageMaxBytes - png.length, 1)]);
    const stored = await upload(owner, book.id, { filename: 'big.png', type: 'image/png', data: exact });
    expect(stored.statusCode).toBe(200);
    expect((await fetchImage(owner, stored.json().dataUrl)).rawPayload.equals(exact)).toBe(true);
    const over = Buffer.concat([exact, Buffer.from([0])]);
    const res = await upload(owner, book.id, { filename: 'big.png', type: 'image/png', data: over });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image too large. Please select an image smaller than 5MB.');
  });

  it('refuses a PNG renamed .txt, a text file named .png, SVG and HTML posing as a GIF', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const cases = [
      { filename: 'notes.txt', type: 'text/plain', data: makePng() },
      { filename: 'photo.png', type: 'image/png', data: Buffer.from('Just some lecture notes, not a picture.\n') },
      {
        filename: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      },
      { filename: 'logo.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>') },
      { filename: 'anim.gif', type: 'image/gif', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ];
    for (const file of cases) {
      const res = await upload(owner, book.id, file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().message).toBe('Only PNG, JPEG, GIF and WebP images can be uploaded.');
    }
  });

  it('needs a file, a textbookId and multipart; an empty file is refused', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const noId = await upload(owner, null, { filename: 'a.png', type: 'image/png', data: makePng() });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toMatch(/textbookId is required/);
    expect((await upload(owner, 'abc', { filename: 'a.png', type: 'image/png', data: makePng() })).json().message).toBe(
      'textbookId must be a number',
    );
    const empty = await upload(owner, book.id, { filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const noFile = await uploadImageForm(h, owner, [{ name: 'textbookId', value: String(book.id) }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/No image was sent/);
    const json = await h.app.inject({
      method: 'POST',
      url: '/api/images/upload',
      payload: { file: 'x' },
      headers: { cookie: owner.cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
  });

  it('stores the same picture once per textbook', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const png = makePng(5, 5);
    const a = await upload(owner, book.id, { filename: 'a.png', type: 'image/png', data: png });
    const b = await upload(owner, book.id, { filename: 'b.png', type: 'image/png', data: png });
    expect(a.json().dataUrl).toBe(b.json().dataUrl);
  });
});

describe('who may upload and see images', () => {
  it('lets owner and collaborator upload and see; strangers get 404, anonymous 401, a removed collaborator 404', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const stranger = await h.createUser('stranger');
    const book = await createBook(h, owner);
    await shareBook(h, book.id, friend);
    const png = { filename: 'a.png', type: 'image/png', data: makePng(7, 7) };

    expect((await upload(stranger, book.id, png)).statusCode).toBe(404);
    expect((await upload(null, book.id, png)).statusCode).toBe(401);
    const byFriend = await upload(friend, book.id, png);
    expect(byFriend.statusCode).toBe(200);
    const url = byFriend.json().dataUrl as string;

    expect((await fetchImage(owner, url)).statusCode).toBe(200);
    expect((await fetchImage(friend, url)).statusCode).toBe(200);
    const hidden = await fetchImage(stranger, url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Image not found');
    expect((await fetchImage(null, url)).statusCode).toBe(401);
    expect((await fetchImage(owner, '/api/images/99999999')).statusCode).toBe(404);

    await h.database.db.delete(collaborators).where(eq(collaborators.userId, friend.id));
    expect((await fetchImage(friend, url)).statusCode).toBe(404);
  });
});
