// Toasts as a reader meets them. On the caucus page a member is refused a seat (an error
// toast), takes one (a success toast) and votes while unverified (a warning toast): each
// toast's title and description are painted at full opacity with a contrast of at least
// 4.5:1 on the toast, and the page with the toast on it passes the accessibility scan.
import type { Locator, Page } from '@playwright/test';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../src/domain/caucuses/election';
import { JOIN_MESSAGES } from '../../src/domain/caucuses/eligibility';
import { addVotingMembers, createCaucusRow } from '../../src/server/test/caucus-factories';
import { expect, expectCaucusPage, pickFreeDistrict, runTag, test, toast } from './support/caucus-fixtures';
import { expectNoSeriousA11yViolations, holdToasts, settleAnimations } from './support/fixtures';

/** WCAG's minimum contrast for normal text (toast texts are 13 to 14 px). */
const MIN_CONTRAST = 4.5;

interface Painted {
  /** The text's contrast ratio on the first background behind it that is painted. */
  ratio: number;
  /** The opacity the text is drawn with: its own and its ancestors' up to the toaster. */
  opacity: number;
  color: string;
  background: string;
}

/** How `text` (a toast's title or description) is painted, by the WCAG 2 formula. */
function painted(text: Locator): Promise<Painted> {
  return text.evaluate((element) => {
    // Any CSS colour (hex, rgb, hsl, oklch) to sRGB bytes and alpha, through a canvas pixel.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    let opacity = 1;
    let background: [number, number, number, number] | null = null;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const fill = rgba(style.backgroundColor);
      if (!background && fill[3] > 0) background = fill;
      if (node.matches('[data-sonner-toaster]')) break;
    }
    const color = rgba(getComputedStyle(element).color);
    const behind = background ?? [255, 255, 255, 1];
    const [light, dark] = [luminance(color), luminance(behind)].sort((a, b) => b - a);
    return { ratio: (light! + 0.05) / (dark! + 0.05), opacity, color: color.join(','), background: behind.join(',') };
  });
}

/** The toast titled `title` shows `description`; both are legible, and so is the page under it. */
async function expectLegibleToast(page: Page, title: string, description: string): Promise<void> {
  const shown = toast(page, title);
  await expect(shown).toBeVisible();
  await expect(shown.locator('[data-title]')).toHaveText(title);
  await expect(shown.locator('[data-description]')).toHaveText(description);
  const release = await holdToasts(page);
  try {
    await settleAnimations(page);
    for (const part of ['[data-title]', '[data-description]']) {
      const { ratio, opacity, color, background } = await painted(shown.locator(part));
      expect(opacity, `${title}: ${part} is drawn at full opacity`).toBe(1);
      expect(ratio, `${title}: ${part} rgba(${color}) on rgba(${background})`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  } finally {
    await release();
  }
  await expectNoSeriousA11yViolations(page);
}

test('error, success and warning toasts are legible: title and description at 4.5:1 or more', async ({ page, db, createUser, signIn }) => {
  const home = await pickFreeDistrict(db);
  const member = await createUser({ name: `Toni Toast ${runTag()}`, ...home, verified: false });
  await signIn(page, member);
  const crowded = await createCaucusRow(db, { name: `Crowded ${runTag()}`, ...home });
  const small = await createCaucusRow(db, { name: `Small ${runTag()}`, ...home, requiredVotingMembers: 1 });

  await test.step('an error toast: the last seat went while the page was open', async () => {
    await page.goto(`/caucus/${crowded.id}`);
    await expectCaucusPage(page, crowded.name);
    await addVotingMembers(db, crowded, 10);
    await page.getByRole('button', { name: 'Join Caucus' }).click();
    await expectLegibleToast(page, 'Cannot Join', JOIN_MESSAGES.full(10, 10));
  });

  await test.step('a success toast: joining a caucus', async () => {
    await page.goto(`/caucus/${small.id}`);
    await expectCaucusPage(page, small.name);
    await page.getByRole('button', { name: 'Join Caucus' }).click();
    await expectLegibleToast(page, 'Joined caucus', `You are now a voting member of ${small.name}.`);
  });

  await test.step('a warning toast: a unanimous vote waits for verification', async () => {
    await page.getByRole('group', { name: 'Choose your Delegate' }).getByRole('radio').check();
    await page.getByRole('button', { name: 'Cast Vote' }).click();
    const [title, description] = VERIFICATION_REQUIRED_MESSAGE.split(': ');
    await expectLegibleToast(page, title!, description!);
  });
});
