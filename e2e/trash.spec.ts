import { expectAccessible } from './axe';
import { expect, registerAndLogin, test } from './fixtures';

/** Deleting from My Textbooks moves a book to the Trash, from where it comes back; "Sign out everywhere" ends the session. */
test('delete to the Trash, restore from it, then sign out everywhere', async ({ page }) => {
  await registerAndLogin(page, { path: null });
  const res = await page.request.post('/api/textbooks/generate-outline', {
    multipart: {
      topic: 'Plate Tectonics',
      directContent:
        'Plates move over the mantle. Mid-ocean ridges spread the sea floor apart.\n\nSubduction zones recycle old crust into the mantle.',
      directMethod: 'true',
      chapterTitle: 'Moving Plates',
      approvedReferences: '[]',
    },
    timeout: 120_000,
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/saved-textbooks');
  await expect(page.getByRole('heading', { name: 'Plate Tectonics' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Plate Tectonics' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('moves to the Trash below, where you can restore it with its versions for 30 days');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No Textbooks Yet')).toBeVisible();

  await page.getByRole('button', { name: 'Trash (1)' }).click();
  await expect(page.getByText(/deleted for good on/)).toBeVisible();
  await expectAccessible(page, 'My Textbooks with the Trash open');
  await page.getByRole('button', { name: 'Restore Plate Tectonics' }).click();
  await expect(page.getByRole('heading', { name: 'Plate Tectonics' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Trash/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
});
