import type { Harness } from './harness.support';
import { multipart, type MultipartPart } from './multipart.support';

/** POSTs an upload form (multipart, as a browser sends it) as a user (their session cookie; null: anonymous). */
function postForm(h: Harness, url: string, user: { cookie: string } | null, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts);
  return h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) },
  });
}

/** POST /api/textbooks/generate-outline with these form fields and files. */
export const generateOutline = (h: Harness, user: { cookie: string } | null, parts: MultipartPart[]) =>
  postForm(h, '/api/textbooks/generate-outline', user, parts);

/** POST /api/extract-text with these form fields and files. */
export const extractText = (h: Harness, user: { cookie: string } | null, parts: MultipartPart[]) =>
  postForm(h, '/api/extract-text', user, parts);

/** POST /api/images/upload with these form fields and the picture. */
export const uploadImageForm = (h: Harness, user: { cookie: string } | null, parts: MultipartPart[]) =>
  postForm(h, '/api/images/upload', user, parts);
