import { describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart.support';
import { useHarness } from '../test/harness.support';

const h = useHarness({ maxUploadRequestBytes: 30 * 1024 * 1024 });
const mb = (n: number) => 'a'.repeat(Math.round(n * 1024 * 1024));

async function post(url: string, parts: Parameters<typeof multipart>[0]) {
  const alice = await h.createUser('alice');
  const body = multipart(parts);
  return h.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: alice.cookie } });
}

describe('multipart text fields', () => {
  it('refuses a field over 10 MB with a 413 naming it, never a cut-off text', async () => {
    const res = await post('/api/extract-text', [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: mb(10.5) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The field "directContent" is larger than the 10 MB limit per field.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('counts fields toward the request: three 9 MB fields are refused before a fourth is read', async () => {
    const res = await post('/api/textbooks/generate-outline', [
      { name: 'topic', value: 'Biology' },
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: mb(9) },
      { name: 'chapterTitle', value: mb(9) },
      { name: 'approvedReferences', value: mb(9) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The form fields together are larger than the 20 MB limit per request.');
  });

  it('counts fields and files together against the per-request limit', async () => {
    const res = await post('/api/extract-text', [
      { name: 'directContent', value: mb(8) },
      { name: 'files', filename: 'a.txt', type: 'text/plain', data: Buffer.from(mb(12)) },
      { name: 'files', filename: 'b.txt', type: 'text/plain', data: Buffer.from(mb(12)) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is larger than the 30 MB limit per request.');
  });

  it('reads a pasted text over 1 MB whole', async () => {
    const text = `# Photosynthesis\n\n${'Plants turn light into sugar in their leaves. '.repeat(27_000)}\n`;
    const res = await post('/api/extract-text', [
      { name: 'directMethod', value: 'true' },
      { name: 'directContent', value: text },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().extractedText.length).toBeGreaterThan(1_200_000);
  });

  it('answers a malformed body (no boundary, another boundary, cut short) with 400, not 500', async () => {
    const alice = await h.createUser('alice');
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=zzz', '--yyy\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--yyy--\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello'],
    ];
    for (const url of ['/api/extract-text', '/api/images/upload']) {
      for (const [type, payload] of bodies) {
        const res = await h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, cookie: alice.cookie } });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json().message).toMatch(/could not be read|No image was sent/);
      }
    }
  });
});
