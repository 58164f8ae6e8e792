import type { Page } from 'playwright-core';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const chapterRows = 'nav[aria-label="Textbook navigation"] ul[aria-label="Chapters"] > li';

/** Navigation start to (a) the navigator listing every chapter and (b) the first section open in the editor. */
export async function measureFirstRender(page: Page, url: string): Promise<{ navigator: number; editor: number }> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  // Polled every animation frame, so the figure is frame-accurate.
  const navigator = await (
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length >= 100 && performance.now(), chapterRows, {
      polling: 'raf',
      timeout: 60_000,
    })
  ).jsonValue();
  const editor = await (
    await page.waitForFunction(() => document.querySelector('[data-testid="content-editor"] p') !== null && performance.now(), undefined, {
      polling: 'raf',
      timeout: 60_000,
    })
  ).jsonValue();
  return { navigator: Number(navigator), editor: Number(editor) };
}

export interface KeystrokeCase {
  name: string;
  /** The query already in the box before the measured key. */
  before: string;
  key: string;
}

/**
 * One real key press in the search box: from the keydown event to (dom) the last DOM change
 * React commits in the navigator for it and (frame) the frame after that, when the user sees it.
 * Nothing else changes the navigator meanwhile, so the last mutation within a second is the
 * end of the keystroke's render.
 */
export async function measureKeystroke(page: Page, c: KeystrokeCase): Promise<{ dom: number; frame: number; sections: number }> {
  const box = page.getByPlaceholder('Search content...');
  await box.fill(c.before);
  await page.waitForTimeout(200);
  await box.focus();
  await page.evaluate(() => {
    const w = window as unknown as Record<string, number | undefined>;
    w.__kd = w.__dom = w.__frame = undefined;
    const input = document.querySelector('input[placeholder="Search content..."]')!;
    input.addEventListener('keydown', (e) => (w.__kd = e.timeStamp), { capture: true, once: true });
    const nav = document.querySelector('nav[aria-label="Textbook navigation"]')!;
    const observer = new MutationObserver(() => {
      const at = performance.now();
      w.__dom = at;
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (w.__dom === at) w.__frame = performance.now();
        }, 0),
      );
    });
    observer.observe(nav, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(() => observer.disconnect(), 1500);
  });
  await page.keyboard.press(c.key);
  await page.waitForTimeout(1600);
  const result = await page.evaluate(() => {
    const w = window as unknown as Record<string, number | undefined>;
    const sections = document.querySelectorAll('nav[aria-label="Textbook navigation"] ul[aria-label="Chapters"] li li').length;
    return { dom: (w.__dom ?? NaN) - (w.__kd ?? NaN), frame: (w.__frame ?? NaN) - (w.__kd ?? NaN), sections };
  });
  return result;
}
