import type { Harness, TestUser } from './harness.support';
import { multipart, type MultipartPart } from './multipart.support';

/** POST /api/textbooks/generate-outline with the form a browser sends, as `user` (null: anonymous). */
export function generateOutline(h: Harness, user: TestUser | null, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts);
  return h.app.inject({
    method: 'POST',
    url: '/api/textbooks/generate-outline',
    payload,
    headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
  });
}
