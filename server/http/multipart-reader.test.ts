import { describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart.support';
import { useHarness } from '../test/harness.support';

const h = useHarness();

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function post(url: string, parts: Parameters<typeof multipart>[0]) {
  const alice = await h.createUser('alice');
  const body = multipart(parts);
  return h.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: alice.cookie } });
}

describe('one multipart reader for every upload route', () => {
  it('answers too many files with 413 on the image upload and on the material routes alike', async () => {
    const images = await post('/api/images/upload', [
      { name: 'textbookId', value: '1' },
      { name: 'file', filename: 'a.png', type: 'image/png', data: png },
      { name: 'file', filename: 'b.png', type: 'image/png', data: png },
    ]);
    expect(images.statusCode).toBe(413);
    expect(images.json()).toEqual({ message: 'Too many files in one request (at most 1).', code: 'PAYLOAD_TOO_LARGE' });

    const notes = Array.from({ length: 51 }, (_, i) => ({
      name: 'files',
      filename: `week${i + 1}.txt`,
      type: 'text/plain',
      data: Buffer.from(`Week ${i + 1}: cells divide by mitosis.`),
    }));
    const material = await post('/api/extract-text', notes);
    expect(material.statusCode).toBe(413);
    expect(material.json()).toEqual({ message: 'Too many files in one request (at most 50).', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers too many form fields with 413 on both kinds of route', async () => {
    const fields = Array.from({ length: 60 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
    for (const url of ['/api/images/upload', '/api/textbooks/preview-references']) {
      const res = await post(url, fields);
      expect(res.statusCode, url).toBe(413);
      expect(res.json().message, url).toBe('Too many form fields in one request.');
    }
  });

  it('names a field cut at its limit on the image upload as on the material routes', async () => {
    const res = await post('/api/images/upload', [
      { name: 'textbookId', value: '1'.repeat(2000) },
      { name: 'file', filename: 'a.png', type: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The field "textbookId" is larger than the 1 KB limit per field.');
  });

  it('parses the text fields with the form schema: a bad field is a 400 with its own message', async () => {
    const res = await post('/api/textbooks/generate-outline', [
      { name: 'topic', value: 'Cell biology' },
      { name: 'jobId', value: 'no spaces allowed here' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid job id');
  });
});
