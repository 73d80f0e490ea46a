import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { buildScratchApp, packToolkit, serve } from './scratch-app';

/**
 * Another React app of the platform takes the toolkit as a package: `npm run build:ui`,
 * `npm pack`, an install of the tarball with React 19 and zod into a scratch app bundled with
 * esbuild, and a form, a dropdown, the crop dialog, a link into the front door and a form model
 * validated by a zod schema working from it in Chromium.
 */
let app: { url: string; server: Server };
const folders: string[] = [];

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  execFileSync('npm', ['run', '--silent', 'build:ui'], { stdio: 'pipe' });
  const packs = mkdtempSync(join(tmpdir(), 'frontdoor-ui-pack-'));
  const scratch = await buildScratchApp(packToolkit(packs));
  folders.push(packs, scratch);
  app = await serve(scratch);
});

test.afterAll(async () => {
  if (app) await new Promise<void>((done) => app.server.close(() => done()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test('a React 19 app renders a form, a dropdown, the crop dialog and a sign-in link from the packed toolkit', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.url);

  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Ada');
  await expect(name).not.toHaveAttribute('aria-invalid');

  const colour = page.getByRole('combobox', { name: 'Favourite colour' });
  await colour.click();
  await page.getByRole('option', { name: 'Green' }).click();
  await expect(colour).toHaveText(/Green/);

  await page.getByRole('button', { name: 'Crop the photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('result')).toHaveText(/^image\/webp (\d+)x(\d+)$/);
  const [, width, height] = /^image\/webp (\d+)x(\d+)$/.exec((await page.getByTestId('result').textContent())!)!.map(Number);
  expect(width).toBeLessThanOrEqual(400);
  expect(height).toBeLessThanOrEqual(400);
  expect(width).toBe(height);

  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', 'https://auth.example.com/login?app=portal&route=%2Fprofile');
  expect(errors).toEqual([]);
});

test("the packed toolkit's form model holds a number, a date and a list, checks them with the app's zod schema and sends them typed", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.url);
  const form = page.getByRole('form', { name: 'Booking' });
  const guests = form.getByRole('textbox', { name: 'Guests' });
  const arrival = form.getByLabel('Arrival');
  const book = form.getByRole('button', { name: 'Book' });

  await book.click();
  await expect(guests).toHaveAccessibleDescription('Enter the guests.');
  await expect(arrival).toHaveAccessibleDescription('Choose an arrival.');
  await expect(form.getByRole('group', { name: 'Extras' })).toContainText('Choose an extra.');
  await expect(page.getByTestId('booking')).toBeEmpty();

  await guests.fill('12');
  await expect(guests).toHaveAccessibleDescription('At most 8 guests.');
  await guests.fill('3');
  await arrival.fill('2029-05-14');
  await expect(arrival).toHaveAccessibleDescription('Arrive in 2030 or later.');
  await arrival.fill('2030-05-14');
  await form.getByRole('checkbox', { name: 'Breakfast' }).check();
  for (const field of [guests, arrival]) await expect(field).not.toHaveAttribute('aria-invalid');
  await book.click();
  await expect(page.getByTestId('booking')).toHaveText('number 3, Date 2030-05-14, breakfast');
  expect(errors).toEqual([]);
});
