import { expect, test } from './fixtures';

/** At phone width (390 px) the header keeps every control on screen, the account avatar at its full size. */
test('at 390 px the header keeps the nav links, theme switch and account menu inside the viewport', async ({ page, registerAndLogin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndLogin(page);
  const inside = async (name: string, role: 'button' | 'link') => {
    const box = await page.getByRole('banner').getByRole(role, { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    return box!;
  };
  const avatar = await inside('Account menu', 'button');
  expect(avatar.width, 'avatar keeps its size').toBeGreaterThanOrEqual(32);
  await inside('Switch to dark theme', 'button');
  for (const label of ['Create Textbook', 'My Textbooks', 'Classroom']) await inside(label, 'link');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});
