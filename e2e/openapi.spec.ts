import { expect, test } from './fixtures';

// The calls of the product's API table, as OpenAPI paths.
const apiPaths = [
  '/api/user',
  '/api/login',
  '/api/register',
  '/api/logout',
  '/api/extract-text',
  '/api/textbooks/preview-references',
  '/api/textbooks/generate-outline',
  '/api/ai/outline-assistant',
  '/api/textbooks',
  '/api/textbooks/{id}',
  '/api/ai/expand-paragraph',
  '/api/ai/expand-chapter',
  '/api/ai/generate-section',
  '/api/ai/customize-structure',
  '/api/ai/add-section',
  '/api/images/upload',
  '/api/textbooks/{id}/versions',
  '/api/textbooks/{id}/versions/{versionId}',
  '/api/textbooks/{id}/versions/{versionId}/restore',
  '/api/textbooks/{id}/collaborators',
  '/api/textbooks/{id}/collaborators/{userId}',
  '/api/users/search',
];

test.describe('API reference', () => {
  test('/api/openapi.json lists every call of the API; /api/docs shows it in the browser', async ({ page }) => {
    const res = await page.request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(apiPaths));
    expect(Object.keys(doc.paths['/api/textbooks/{id}']).sort()).toEqual(['delete', 'get', 'patch']);

    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/api/docs');
    // Swagger UI rendered the document under the app's CSP (no inline script, nothing from elsewhere).
    await expect(page.getByRole('heading', { name: /Textbook Studio API/ })).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/textbooks/{id}/versions/{versionId}/restore' })).toBeVisible();
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  });
});
