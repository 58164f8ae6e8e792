import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { expect, test } from './fixtures';
import { WorkspacePage } from './pages/workspace.page';

/**
 * End to end: the Export menu on the textbook page downloads the book in each of the five formats
 * (Playwright's download events), with the appendix option ticked once.
 */
const material = [
  'Newton’s second law states that the net force on an object equals its mass times its acceleration. Force is measured in newtons.',
  'Kinetic energy is the energy of motion. Potential energy is stored energy that depends on position. Energy is conserved in a closed system.',
  'Momentum is the product of mass and velocity. In a collision the total momentum of a closed system stays the same.',
].join('\n\n');

const formats = [
  { label: 'Word (.docx)', extension: 'docx', magic: 'PK' },
  { label: 'EPUB', extension: 'epub', magic: 'PK' },
  { label: 'PDF', extension: 'pdf', magic: '%PDF' },
  { label: 'Web page (.html)', extension: 'html', magic: '<!DOCTYPE html>' },
  { label: 'LMS cartridge (.imscc)', extension: 'imscc', magic: 'PK' },
];

test.describe('export', () => {
  test('the Export menu downloads the book as DOCX, EPUB, PDF, HTML and an LMS cartridge', async ({ page, seedBook }) => {
    test.setTimeout(240_000);
    const { book } = await seedBook({ topic: 'Classical Mechanics', material, chapterTitle: 'Forces and Energy' });
    const workspace = new WorkspacePage(page);
    await workspace.goto(book.id);
    await expect(workspace.title('Classical Mechanics')).toBeVisible();
    const exportButton = workspace.exportButton;

    for (const format of formats) {
      await exportButton.click();
      const downloading = page.waitForEvent('download', { timeout: 120_000 });
      await page.getByRole('menuitem', { name: new RegExp(`^${format.label.replace(/[.()]/g, '\\$&')}`) }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`Classical-Mechanics.${format.extension}`);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, format.magic.length).toString('latin1')).toBe(format.magic);
      if (format.extension === 'imscc') expect(Object.keys((await JSZip.loadAsync(bytes)).files)).toContain('imsmanifest.xml');
      await expect(exportButton).toBeEnabled();
    }

    // With the appendix ticked, the web page carries it.
    await exportButton.click();
    await page.getByRole('menuitemcheckbox', { name: 'Include educational materials as an appendix' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Include educational materials as an appendix' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /^Web page/ }).click();
    const html = readFileSync((await (await downloading).path())!, 'utf8');
    expect(html).toContain('<h1>Forces and Energy</h1>');
  });
});
