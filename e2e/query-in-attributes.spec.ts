import { test, expect } from './fixtures';
import type { Locator } from '@playwright/test';

/**
 * Values that try to leave the attribute they are written into: the replacement patterns of
 * String.replace (`` $` `` and `$'` insert the page around the match, quotes included; `$&` the
 * match; `$1` a group) and plain quotes (the server's unit tests hold the same, escaped).
 */
const ATTACKS = [
  '$` autofocus onfocus=alert(1) x=',
  "$' autofocus onfocus=alert(1) x=",
  '$&$&" onfocus="alert(1)',
  '$1$2$<name>" x="',
  `a'b"c<d>e@example.com`,
];

test.use({ locale: 'en-GB', javaScriptEnabled: false });

/** The attribute names of an element as the browser parsed them. */
const attributesOf = (element: Locator) => element.evaluate((node) => node.getAttributeNames().sort());

test.describe('a query value the server writes into a page stays one attribute value', () => {
  for (const [path, parameter, extra] of [
    ['/register', 'username', ''],
    ['/reset-password', 'username', ''],
    ['/login/password', 'username', ''],
    ['/migration', 'email', '&action=login'],
  ]) {
    test(`${parameter} on ${path}`, async ({ page }) => {
      const field = page.getByRole('textbox', { name: 'E-mail' });
      await page.goto(`${path}?${parameter}=ada%40example.com${extra}`);
      const attributes = await attributesOf(field);
      for (const value of ATTACKS) {
        await page.goto(`${path}?${parameter}=${encodeURIComponent(value)}${extra}`);
        await expect(field).toHaveValue(value);
        expect(await attributesOf(field), value).toEqual(attributes);
        await expect(page.locator('[onfocus], [autofocus]')).toHaveCount(0);
      }
    });
  }

  test('route, app and domain on /login', async ({ page }) => {
    const hidden = (name: string) => page.locator(`form input[type=hidden][name=${name}]`);
    for (const value of ATTACKS) {
      await page.goto(`/login?app=portal&domain=acme.example&route=${encodeURIComponent(value)}`);
      await expect(hidden('route')).toHaveCount(await page.locator('form').count());
      for (const field of await hidden('route').all()) {
        await expect(field).toHaveValue(value);
        expect(await attributesOf(field), value).toEqual(['name', 'type', 'value']);
      }
      await expect(hidden('app')).toHaveValue('portal');
      await expect(page.locator('[onfocus], [autofocus]')).toHaveCount(0);

      await page.goto(`/login?app=${encodeURIComponent(value)}&domain=${encodeURIComponent(value)}`);
      await expect(page.locator('form input[type=hidden]')).toHaveCount(0);
      await expect(page.locator('[onfocus], [autofocus]')).toHaveCount(0);
    }
  });
});
