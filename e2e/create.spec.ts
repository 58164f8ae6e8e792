import { expect, test } from './fixtures';
import { fixturePath } from '../server/test/fixture-path';

const tracemonkey = fixturePath('pdf/tracemonkey.pdf');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d6f1ff0000000049454e44ae426082',
  'hex',
);
const invalidFormat = 'Invalid file format. Please upload PDF, DOCX, or TXT files only.';

test.describe('create a textbook', () => {
  test('upload tracemonkey.pdf and see its text, objectives and topic', async ({ page, registerAndLogin }) => {
    await registerAndLogin(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-Powered Textbook Generator');
    await page.getByTestId('file-input').setInputFiles(tracemonkey);
    const item = page.getByTestId('file-item');
    await expect(item).toContainText('tracemonkey.pdf');
    await expect(item).toContainText('MB');
    await expect(item).toContainText('14 pages');

    await page.getByRole('button', { name: 'Preview Extracted Content' }).click();
    const objectives = page.getByTestId('panel-objectives');
    await expect(objectives).toBeVisible({ timeout: 90_000 });
    const count = Number(await page.getByTestId('panel-objectives-badge').textContent());
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(objectives.locator('li').first()).toBeVisible();
    await expect(page.getByLabel('Topic Name')).not.toHaveValue('');

    await page.getByRole('button', { name: /Extracted Source Text/ }).click();
    const text = page.getByTestId('panel-extracted-text');
    await expect(text).toContainText(/trace/i);
    await expect(text).toContainText(/just-in-time/i);
  });

  test('a PNG is refused with the spec message, in the browser and on the server', async ({ page, registerAndLogin }) => {
    await registerAndLogin(page);
    await page.goto('/');
    await page.getByTestId('file-input').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('alert')).toHaveText(invalidFormat);
    await expect(page.getByTestId('file-item')).toHaveCount(0);

    // Renamed to .docx it passes the browser's type check; the server sniffs the bytes.
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await page.getByTestId('file-input').setInputFiles({ name: 'diagram.docx', mimeType: docxType, buffer: png });
    await page.getByRole('button', { name: 'Preview Extracted Content' }).click();
    await expect(page.getByTestId('toast-description')).toContainText('Failed to extract text: Error: 400');
    await expect(page.getByTestId('toast-description')).toContainText(invalidFormat);
  });

  test('preview references, approve two, generate, watch the steps and land on the textbook', async ({ page, registerAndLogin }) => {
    test.setTimeout(240_000);
    await registerAndLogin(page);
    await page.goto('/');
    await page.getByLabel('Topic Name').fill('Trace-based JIT compilation');
    await page.getByTestId('file-input').setInputFiles(tracemonkey);

    await page.getByRole('button', { name: 'Preview Academic References' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Finding References');
    const badge = page.getByTestId('panel-references-badge');
    await expect(badge).toHaveText(/^0 \/ \d+ approved$/, { timeout: 90_000 });
    const total = Number((await badge.textContent())?.match(/\/ (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    const generate = page.getByRole('button', { name: 'Generate Textbook Outline' });
    await expect(generate).toBeDisabled();

    await page.getByRole('button', { name: 'Not approved' }).first().click();
    await page.getByRole('button', { name: 'Not approved' }).first().click();
    await expect(badge).toHaveText(`2 / ${total} approved`);
    await expect(generate).toBeEnabled();

    await generate.click();
    await expect(page.getByText('Extracting text from uploaded materials')).toBeVisible();
    await expect(page.getByTestId('progress-step')).toHaveCount(6);
    await expect(page.getByText("This may take a few minutes. Please don't close this page.")).toBeVisible();
    await page.waitForURL(/\/textbook\/\d+$/, { timeout: 180_000 });
  });
});
