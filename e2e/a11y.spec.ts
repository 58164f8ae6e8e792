import { expectAccessible } from './axe';
import { expect, makeBook, registerAndLogin, test } from './fixtures';
import { MyTextbooksPage } from './pages/my-textbooks.page';
import { WorkspacePage } from './pages/workspace.page';
import { fixturePath } from '../server/test/fixture-path.support';

/**
 * Accessibility of every page and dialog, checked with axe-core (0 serious or critical violations),
 * and the keyboard paths through them: the skip link, the toolkit, the dialogs.
 */
const material = [
  'Photosynthesis turns light energy into chemical energy. Chlorophyll in the chloroplasts absorbs red and blue light.',
  'The light reactions split water and release oxygen. The Calvin cycle fixes carbon dioxide into sugars using ATP and NADPH.',
  'Cellular respiration releases the energy stored in glucose. Glycolysis, the citric acid cycle and oxidative phosphorylation make ATP.',
  // Two definitions: the offline quiz asks one question per sentence that has a single right answer.
  'Mitochondria are the organelles in which the citric acid cycle and oxidative phosphorylation take place. The stroma is the fluid inside the chloroplast where the Calvin cycle runs.',
].join('\n\n');

const energyInCells = { topic: 'Energy in Cells', material, chapterTitle: 'Energy in Cells' };

test.describe('accessibility (axe-core, keyboard)', () => {
  test('sign-in and register forms, and the not-found page', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'the sign-in form');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    await expectAccessible(page, 'the register form');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectAccessible(page, 'the not-found page');
  });

  test('the table of contents drawer on a narrow screen and the text expansion dialog', async ({ page, seedBook }) => {
    test.setTimeout(180_000);
    const { book } = await seedBook(energyInCells);
    await page.setViewportSize({ width: 800, height: 900 });
    await new WorkspacePage(page).goto(book.id);
    await expect(page.getByRole('heading', { name: 'Energy in Cells', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open table of contents' }).click();
    await expect(page.getByRole('dialog', { name: 'Table of Contents' })).toBeVisible();
    await expectAccessible(page, 'the table of contents drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Table of Contents' })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    // A paragraph of the material, not the chapter's opening apparatus (its objectives).
    const paragraph = page.getByTestId('content-editor').locator('p', { hasText: 'Photosynthesis turns light energy' });
    await paragraph.click({ clickCount: 3 });
    await page.getByTestId('expand-chip').click();
    const dialog = page.getByRole('dialog', { name: 'AI Text Expansion' });
    // Either an expansion or the note that the sources hold nothing more: the dialog has settled.
    await expect(
      dialog.getByTestId('expanded-text').or(dialog.getByText(/Nothing more to add|Your sources have nothing more/)),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expectAccessible(page, 'the text expansion dialog');
  });

  test('the dark theme: sign-in, create, My Textbooks and the textbook view', async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectAccessible(page, 'the sign-in form (dark)');
    await registerAndLogin(page);
    await expectAccessible(page, 'the create page (dark)');
    const book = await makeBook(page.request, energyInCells);
    await new MyTextbooksPage(page).goto();
    await expect(page.getByRole('heading', { name: 'Energy in Cells' })).toBeVisible();
    await expectAccessible(page, 'My Textbooks (dark)');
    await new WorkspacePage(page).goto(book.id);
    await expect(page.getByRole('heading', { name: 'Energy in Cells', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /Academic Toolkit/ }).click();
    await expect(page.getByRole('tab', { name: 'Customize Structure' })).toBeVisible();
    await expectAccessible(page, 'the textbook view with the toolkit (dark)');
  });

  test('the skip link is the first stop and moves focus to the page; the toast region is always there', async ({ page }) => {
    await registerAndLogin(page);
    // Mounted before any message, so screen readers follow it.
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toBeAttached();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The page loads after sign-in (lazily): its controls are there before the next stop is taken.
    await expect(page.locator('main').locator('a, button, input, textarea, select').first()).toBeVisible();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not back in the header.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('create: upload, extracted preview, references, the processing page', async ({ page }) => {
    test.setTimeout(300_000);
    await registerAndLogin(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-Powered Textbook Generator');
    await expectAccessible(page, 'the create page');
    await page.getByRole('tab', { name: 'Enter Directly' }).click();
    await expectAccessible(page, 'the create page, direct entry');
    await page.getByRole('tab', { name: 'Upload Files' }).click();

    await page.getByLabel('Topic Name').fill('Trace-based JIT compilation');
    await page.getByTestId('file-input').setInputFiles(fixturePath('pdf/tracemonkey.pdf'));
    await expect(page.getByTestId('file-item')).toContainText('14 pages');
    await page.getByRole('button', { name: 'Preview Extracted Content' }).click();
    await expect(page.getByTestId('panel-objectives')).toBeVisible({ timeout: 90_000 });
    await expectAccessible(page, 'the extracted content panels');

    await page.getByRole('button', { name: 'Preview Academic References' }).click();
    await expect(page.getByTestId('panel-references-badge')).toHaveText(/^0 \/ \d+ approved$/, { timeout: 90_000 });
    await expectAccessible(page, 'the references panel');
    // Approved with the keyboard.
    await page.getByRole('button', { name: 'Not approved' }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('panel-references-badge')).toHaveText(/^1 \/ \d+ approved$/);

    await page.getByRole('button', { name: 'Generate Textbook Outline' }).click();
    await expect(page.getByTestId('progress-step')).toHaveCount(6);
    await expectAccessible(page, 'the processing page');
    await page.waitForURL(/\/textbook\/\d+$/, { timeout: 180_000 });
  });

  test('My Textbooks, the textbook view with every toolkit tab, versions, collaborators, materials', async ({ page, seedBook }) => {
    test.setTimeout(300_000);
    const { book } = await seedBook(energyInCells);

    await new MyTextbooksPage(page).goto();
    await expect(page.getByRole('heading', { name: 'Energy in Cells' })).toBeVisible();
    await expectAccessible(page, 'My Textbooks');
    await page.getByRole('button', { name: 'Delete Energy in Cells' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, 'the delete confirmation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await new WorkspacePage(page).goto(book.id);
    await expect(page.getByRole('heading', { name: 'Energy in Cells', level: 1 })).toBeVisible();
    await expectAccessible(page, 'the textbook view');

    // The toolkit opens and its tabs switch from the keyboard.
    const toolkit = page.getByRole('button', { name: /Academic Toolkit/ });
    await toolkit.focus();
    await page.keyboard.press('Enter');
    const customize = page.getByRole('tab', { name: 'Customize Structure' });
    await expect(customize).toBeVisible();
    await expectAccessible(page, 'the toolkit: Customize Structure');
    await customize.focus();
    for (const tab of ['Reorder Content', 'Add Chapters/Sections', 'Version History']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `the toolkit: ${tab}`);
    }
    await page.getByRole('button', { name: 'View / Restore Version 1' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the version dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const manage = page.getByRole('button', { name: 'Manage Collaborators' });
    await manage.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the collaborators dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(manage).toBeFocused();

    await page.getByLabel('Material type').selectOption('quiz');
    await page.getByLabel('Covering').selectOption({ label: `Chapter 1: ${book.chapters[0].title}` });
    await page.getByRole('button', { name: 'Generate Quiz' }).click();
    await expect(page.getByText('Quiz Generated')).toBeVisible({ timeout: 90_000 });
    await expectAccessible(page, 'the textbook view with a material');
    // Opened and answered from the keyboard.
    await page.getByRole('region', { name: 'Educational Materials' }).getByRole('button', { name: /^Quiz/ }).first().focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('educational-content-viewer');
    await expect(viewer.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
    const firstQuestion = viewer.locator('ol > li').first();
    await firstQuestion.getByRole('button', { name: 'Show answer' }).focus();
    await page.keyboard.press('Space');
    await expect(firstQuestion.getByText('Answer:')).toBeVisible();
    await expectAccessible(page, 'the materials viewer');
    await viewer.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, 'the material delete confirmation');
  });
});
