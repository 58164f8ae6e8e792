import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { MyTextbooksPage } from './pages/my-textbooks.page';

/** Deleting from My Textbooks moves a book to the Trash, from where it comes back; "Sign out everywhere" ends the session. */
test('delete to the Trash, restore from it, then sign out everywhere', async ({ page, seedBook }) => {
  await seedBook({
    topic: 'Plate Tectonics',
    material:
      'Plates move over the mantle. Mid-ocean ridges spread the sea floor apart.\n\nSubduction zones recycle old crust into the mantle.',
    chapterTitle: 'Moving Plates',
  });

  const myTextbooks = new MyTextbooksPage(page);
  await myTextbooks.goto();
  await expect(myTextbooks.heading('Plate Tectonics')).toBeVisible();
  await myTextbooks.deleteButton('Plate Tectonics').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('moves to the Trash below, where you can restore it with its versions for 30 days');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No Textbooks Yet')).toBeVisible();

  await page.getByRole('button', { name: 'Trash (1)' }).click();
  await expect(page.getByText(/deleted for good on/)).toBeVisible();
  await expectAccessible(page, 'My Textbooks with the Trash open');
  await myTextbooks.restoreButton('Plate Tectonics').click();
  await expect(myTextbooks.heading('Plate Tectonics')).toBeVisible();
  await expect(page.getByRole('button', { name: /Trash/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
});
