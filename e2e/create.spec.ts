import { expect, test } from './fixtures';
import { fixturePath } from '../server/test/fixture-path.support';

const tracemonkey = fixturePath('pdf/tracemonkey.pdf');
// A GIF: a picture the product does not read (PNG and JPEG are read as scans of pages).
const gif = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
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
    await page.getByTestId('file-input').setInputFiles({ name: 'diagram.gif', mimeType: 'image/gif', buffer: gif });
    await expect(page.getByRole('alert')).toHaveText(invalidFormat);
    await expect(page.getByTestId('file-item')).toHaveCount(0);

    // Renamed to .docx it passes the browser's type check; the server sniffs the bytes.
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await page.getByTestId('file-input').setInputFiles({ name: 'diagram.docx', mimeType: docxType, buffer: gif });
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
