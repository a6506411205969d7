// Moving through a page by keyboard alone (issue 15): Tab until a control has the focus, with
// the focus visible at every stop and never stuck on one element.
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** What has the focus, and whether a sighted keyboard user can see where it is. */
async function focusState(page: Page): Promise<{ key: string; visible: boolean; describe: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { key: 'body', visible: true, describe: 'the page' };
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // The indicator is on the control, or on the card around it (a `focus-within` ring: a whole
    // card is the link's target, and the card is what shows the focus).
    let indicated = shows(el);
    for (let node = el.parentElement, i = 0; !indicated && node && i < 4; node = node.parentElement, i++) {
      indicated = node.matches(':focus-within') && shows(node) && !node.matches(':hover');
    }
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    // A stable identity for "the same element again": its path in the document.
    const path: string[] = [];
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      path.unshift(`${node.tagName}:${node.parentElement ? Array.from(node.parentElement.children).indexOf(node) : 0}`);
    }
    const own = getComputedStyle(el);
    return {
      key: path.join('/'),
      visible: el.matches(':focus-visible') && indicated,
      describe: `<${el.tagName.toLowerCase()}> “${label}” (focus-visible ${el.matches(':focus-visible')}, outline ${own.outlineStyle} ${own.outlineWidth}, shadow ${own.boxShadow})`,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus. Fails if a stop shows no focus
 * indicator, if the focus stays on one element (a trap), or if `target` is not reached.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<void> {
  const seen: string[] = [];
  let previous = '';
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    if (state.key !== 'body') {
      expect(state.visible, `the focus on ${state.describe} is visible`).toBe(true);
      expect(state.key, `Tab moves the focus on from ${state.describe} (no trap)`).not.toBe(previous);
    }
    previous = state.key;
    seen.push(state.describe);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
  }
  throw new Error(`Tab never reached the control; the focus went through: ${seen.join(', ')}`);
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/**
 * Tabs to a native select and picks an option as people do: typing its first letters, or, where
 * typing cannot tell options apart ("11" cycles through the options that start with "1"), with
 * the arrow keys from the top.
 */
export async function chooseIn(page: Page, select: Locator, optionText: string): Promise<void> {
  await tabTo(page, select);
  const chosen = () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');
  await page.keyboard.type(optionText);
  if ((await chosen()) !== optionText) {
    await page.keyboard.press('Home');
    const count = await select.locator('option').count();
    for (let i = 0; i < count && (await chosen()) !== optionText; i++) await page.keyboard.press('ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(optionText);
}

/** The element that has the focus. */
export function focused(page: Page): Locator {
  return page.locator(':focus');
}
