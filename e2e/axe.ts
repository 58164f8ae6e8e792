import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe-core on what the page shows now (WCAG 2.1 A and AA rules) and fails on any serious or
 * critical violation, listing each with the elements it found.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1).join('; ')}`).join('\n')}`,
    );
  // Soft: one run reports every page's violations, and the test still fails.
  expect.soft(blocking, `accessibility of ${what}`).toEqual([]);
}
