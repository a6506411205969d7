// The owner uploads a profile photo; files that are too big or not images are refused.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '../../src/domain/profiles/limits';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

// Each accessibility scan takes a few seconds.
test.describe.configure({ timeout: 90_000 });

/** Chooses a file through the page's own button, as a user does. */
async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Upload|Change) Photo$/ }).click();
  await (await chooser).setFiles(file);
}

async function smallPng(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: colour } }).png().toBuffer();
}

test('the owner uploads a PNG and the profile shows it, re-encoded by the server', async ({ page, createUser, signIn }) => {
  const user = await createUser({ name: 'Pia Photo' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Initials of ${user.name}` })).toHaveText('PP');
  await expectNoSeriousA11yViolations(page);

  await choosePhoto(page, { name: 'me.png', mimeType: 'image/png', buffer: await smallPng({ r: 234, g: 88, b: 12 }) });
  await expect(page.getByText('Photo uploaded successfully')).toBeVisible();
  const photo = page.getByRole('img', { name: `Profile photo of ${user.name}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]+/);
  await expect(page.getByRole('button', { name: 'Change Photo' })).toBeVisible();
  // The browser really loaded it.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const src = (await photo.getAttribute('src'))!;
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect((await sharp(await served.body()).metadata()).format).toBe('webp');
  await expectNoSeriousA11yViolations(page);

  // Kept after a reload.
  await page.reload();
  await expect(page.getByRole('img', { name: `Profile photo of ${user.name}` })).toHaveAttribute('src', src);
});

test('a file over 5 MB is refused and the photo does not change', async ({ page, createUser, signIn }) => {
  const user = await createUser({ name: 'Bo Bigfile' });
  await signIn(page, user);
  await page.goto('/profile');
  await choosePhoto(page, { name: 'first.png', mimeType: 'image/png', buffer: await smallPng({ r: 30, g: 58, b: 138 }) });
  const photo = page.getByRole('img', { name: `Profile photo of ${user.name}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/photos\//);
  const before = await photo.getAttribute('src');

  // A 6 MB file that starts like a PNG.
  const png = await smallPng({ r: 0, g: 0, b: 0 });
  const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]);
  await choosePhoto(page, { name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('Please select an image smaller than 5MB')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(photo).toHaveAttribute('src', before!);

  // The server refuses it too, whatever the page does.
  const res = await page.request.post('/api/me/photo', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { photo: { name: 'huge.png', mimeType: 'image/png', buffer: big } },
  });
  expect(res.status()).toBe(413);
  expect(await res.text()).toContain('Please select an image smaller than 5MB');
  expect(big.length).toBeGreaterThan(PHOTO_MAX_BYTES);

  await page.reload();
  await expect(page.getByRole('img', { name: `Profile photo of ${user.name}` })).toHaveAttribute('src', before!);
});

test('a text file named .png is refused as not an image and the photo does not change', async ({ page, createUser, signIn }) => {
  const user = await createUser({ name: 'Tex Textfile' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('img', { name: `Initials of ${user.name}` })).toBeVisible();

  const text = Buffer.from('These are my notes, not a picture.\n'.repeat(20));
  await choosePhoto(page, { name: 'notes.png', mimeType: 'image/png', buffer: text });
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('img', { name: `Initials of ${user.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();

  // Declared as plain text, the page itself refuses it.
  await choosePhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: text });
  await expect(page.getByText('Invalid file type')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('img', { name: `Initials of ${user.name}` })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect((await me.json()).photoUrl).toBeNull();
});
