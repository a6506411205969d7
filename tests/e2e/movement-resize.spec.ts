// Issue 29: a phone turned from landscape to portrait, or a window narrowed, left the movement's
// pages scrolling sideways (724 px at 360): the progress charts kept the width they were first
// drawn at. Each page is opened wide, then narrowed, and must fit the narrow width.
import { en } from './support/catalogs';
import { expect, test } from './support/fixtures';

const PAGES = ['/the-movement', '/the-movement/OH', '/the-movement/OH/3'];
const WIDE = [
  { name: 'a window narrowed from 1280 px', width: 1280, height: 800 },
  { name: 'a phone turned from landscape to portrait', width: 740, height: 360 },
];

for (const start of WIDE) {
  test(`${start.name}: the movement's pages fit 360 px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: start.width, height: start.height });
    for (const path of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        const chart = page.getByRole('img', { name: en('movement:progress.joinsTitle') });
        await expect(chart).toBeVisible({ timeout: 20_000 });
        const drawnWidth = await chart.evaluate((canvas) => canvas.getBoundingClientRect().width);
        expect(drawnWidth).toBeGreaterThan(360);
        await page.setViewportSize({ width: 360, height: 740 });
        await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
        // The charts were drawn again at the new width, inside the page.
        for (const name of ['joinsTitle', 'electionsTitle']) {
          const canvas = page.getByRole('img', { name: en(`movement:progress.${name}`) });
          await expect.poll(() => canvas.evaluate((c) => c.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
        }
        await page.setViewportSize({ width: start.width, height: start.height });
      });
    }
  });
}
