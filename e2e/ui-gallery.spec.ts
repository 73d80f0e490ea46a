import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** The toolkit's gallery: each behaviour by keyboard and by mouse, in real Chromium. */

/** Console errors, except the 404 of the image the gallery shows broken on purpose. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith(BROKEN_IMAGE)) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const BROKEN_IMAGE = '/missing-picture.png';

async function openGallery(page: Page) {
  await page.goto('/ui');
  // The gallery's page starts every component of the toolkit; on a busy 2-core machine that took
  // more than the default 5 s in two runs of 2026-11-28.
  await expect(page.getByRole('heading', { level: 1, name: 'Component gallery' })).toBeVisible({ timeout: 15_000 });
}

test.use({ locale: 'en-GB' });

test('the gallery shows every section with no console error and no accessibility violation', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openGallery(page);
  await expect(page).toHaveTitle('Component gallery');
  for (const section of [
    'Buttons, links, images and messages',
    'Form fields',
    'Dropdowns',
    'Dialogs and panels',
    'Navigation and display',
    'Layouts and page templates',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  expect(errors).toEqual([]);
  await expectNoAxeViolations(page, '/ui');
});

test('the gallery speaks the language chosen in its language dropdown', async ({ page }) => {
  await openGallery(page);
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Komponentengalerie' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 2, name: 'Formularfelder' })).toBeVisible();
});

test.describe('inputs', () => {
  test('the number input reads typed digits as hundredths and refuses paste', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGallery(page);
    const amount = page.getByRole('textbox', { name: 'Amount (EUR)', exact: true });
    await amount.click();
    await page.keyboard.type('12a34');
    await expect(amount).toHaveValue('12.34');
    await page.evaluate(() => navigator.clipboard.writeText('999'));
    await page.keyboard.press('ControlOrMeta+V');
    await expect(amount).toHaveValue('12.34');
  });

  test('the range input moves by arrow keys from its default of 0 to 10', async ({ page }) => {
    await openGallery(page);
    const rating = page.getByRole('slider', { name: 'Rating', exact: true });
    await expect(rating).toHaveAttribute('max', '10');
    await rating.focus();
    await page.keyboard.press('ArrowRight');
    await expect(rating).toHaveValue('8');
  });

  test('checkbox and radio groups answer to keyboard and mouse', async ({ page }) => {
    await openGallery(page);
    const tuesday = page.getByRole('group', { name: 'Working days', exact: true }).getByRole('checkbox', { name: 'Tuesday' });
    await tuesday.focus();
    await page.keyboard.press('Space');
    await expect(tuesday).toBeChecked();
    const sizes = page.getByRole('group', { name: 'T-shirt size', exact: true });
    await sizes.getByText('Small').click();
    await page.keyboard.press('ArrowDown');
    await expect(sizes.getByRole('radio', { name: 'Medium' })).toBeChecked();
  });

  test('the image input selects by click and by arrow keys, and not while disabled', async ({ page }) => {
    await openGallery(page);
    const avatar = page.getByRole('group', { name: 'Avatar', exact: true });
    await expect(avatar.getByRole('radio').first()).toHaveAccessibleName('Orange triangle');
    await avatar.getByRole('img', { name: 'Blue circle' }).click();
    await expect(avatar.getByRole('radio', { name: 'Blue circle' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(avatar.getByRole('radio', { name: 'Green square' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Avatar (locked)' }).getByRole('radio', { name: 'Blue circle' })).toBeDisabled();
  });

  test('the chosen image moves to the front once the pointer or the keyboard leaves the list, keeping focus on it', async ({ page }) => {
    await openGallery(page);
    const avatar = page.getByRole('group', { name: 'Avatar', exact: true });
    const order = () => avatar.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(await order()).toEqual(['Orange triangle', 'Blue circle', 'Green square', 'Purple diamond']);

    const blue = avatar.getByRole('img', { name: 'Blue circle' });
    await blue.scrollIntoViewIfNeeded();
    const before = await blue.boundingBox();
    await blue.click();
    await expect(avatar.getByRole('radio', { name: 'Blue circle' })).toBeChecked();
    // Still under the pointer.
    expect(await blue.boundingBox()).toEqual(before);
    await page.mouse.move(0, 0);
    await expect.poll(order).toEqual(['Blue circle', 'Green square', 'Orange triangle', 'Purple diamond']);
    await expect(avatar.getByRole('radio', { name: 'Blue circle' })).toBeFocused();

    // The arrow keys step through the order shown until focus leaves the list.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(avatar.getByRole('radio', { name: 'Orange triangle' })).toBeChecked();
    await expect(avatar.getByRole('radio', { name: 'Orange triangle' })).toBeFocused();
    expect(await order()).toEqual(['Blue circle', 'Green square', 'Orange triangle', 'Purple diamond']);
    await page.keyboard.press('Tab');
    await expect.poll(order).toEqual(['Orange triangle', 'Blue circle', 'Green square', 'Purple diamond']);
  });
});

test.describe('dropdowns', () => {
  test('a dropdown opens when focus arrives, chooses by keyboard and closes after a single choice', async ({ page }) => {
    await openGallery(page);
    const teams = page.getByRole('combobox', { name: 'Teams', exact: true });
    const country = page.getByRole('combobox', { name: 'Country', exact: true }).first();
    // The booking form's button is the last control before the dropdowns.
    await page.getByRole('button', { name: 'Book', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(country).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(country).toHaveText(/Italy|Germany/);
    await expect(country).toBeFocused();
    await expect(teams).toHaveText(/Design/);
  });

  test('Escape and focus leaving close a dropdown', async ({ page }) => {
    await openGallery(page);
    const country = page.getByRole('combobox', { name: 'Country', exact: true }).first();
    await country.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await country.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('heading', { level: 2, name: 'Dropdowns' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
  });

  test('search filters options by part of their text, and a choice shows its image and description', async ({ page }) => {
    await openGallery(page);
    const country = page.getByRole('combobox', { name: 'Country', exact: true }).nth(1);
    await country.click();
    const search = page.getByRole('combobox', { name: 'Search options' });
    await expect(search).toBeFocused();
    await page.keyboard.type('LAN');
    await expect(page.getByRole('option')).toHaveText([/Switzerland/]);
    const switzerland = page.getByRole('option', { name: /Switzerland/ });
    await expect(switzerland).toContainText('Capital: Bern');
    // Enter takes the highlighted option: the first match is highlighted as the list narrows.
    await expect(switzerland).toHaveAttribute('data-active-item', /.*/);
    await page.keyboard.press('Enter');
    await expect(country).toHaveText(/Switzerland/);
    await country.click();
    await page.getByRole('combobox', { name: 'Search options' }).fill('xyz');
    await expect(page.getByText('No matching options')).toBeVisible();
  });

  test('the popup opens 8 px below its field', async ({ page }) => {
    await openGallery(page);
    const country = page.getByRole('combobox', { name: 'Country', exact: true }).first();
    await country.click();
    const field = (await country.boundingBox())!;
    const popup = (await page.getByRole('listbox').boundingBox())!;
    expect(Math.round(popup.y - (field.y + field.height))).toBe(8);
  });

  test('global selection chooses everything, disables the options and empties when unchecked', async ({ page }) => {
    await openGallery(page);
    const teams = page.getByRole('combobox', { name: 'Teams · All teams' });
    await expect(teams).toHaveText(/All teams/);
    await teams.click();
    await expect(page.getByRole('option', { name: 'Design' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('option', { name: 'All teams' }).click();
    await expect(teams).toHaveText(/Choose teams/);
    await page.getByRole('option', { name: 'Sales' }).click();
    await expect(teams).toHaveText(/Sales/);
    await page.getByRole('option', { name: 'All teams' }).click();
    await expect(teams).toHaveText(/All teams/);
  });
});

test.describe('dialogs', () => {
  test('the confirmation modal acts once, and waits for the extra check when asked', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('button', { name: 'Ask with an extra check' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Publish the changes?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'the confirmation modal');
    const confirm = dialog.getByRole('button', { name: 'Continue' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I have checked the changes' }).check();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('The changes were published.');
  });

  test('the deletion modal marks a wrong name in error and deletes only on the exact name', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('button', { name: 'Delete a team' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the team?' });
    await expect(dialog.getByRole('note')).toHaveText(/cannot be undone/);
    const input = dialog.getByRole('textbox', { name: 'Type Blue Team to confirm' });
    await input.fill('blue team');
    await page.keyboard.press('Enter');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('The text does not match');
    await expectNoAxeViolations(page, 'the deletion modal in error');
    await input.fill('Blue Team');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('The team was deleted.');
  });

  test('the side panel is a child route: Escape goes back to the parent, Save asks it to reload', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('link', { name: 'Open a side panel', exact: true }).click();
    await expect(page).toHaveURL(/\/ui\/panel$/);
    const panel = page.getByRole('dialog', { name: 'Edit team' });
    await expect(panel).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await expectNoAxeViolations(page, 'the side panel');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/ui$/);
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
    await page.getByRole('link', { name: 'Open a side panel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Edit team' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toContainText('asked to reload');
    await expect(page).toHaveURL(/\/ui$/);
  });

  test('a side panel that asks first stays on "Stay" and leaves on "Leave", by mouse on the background too', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('link', { name: 'Open a side panel that asks before closing' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit team' });
    await panel.getByRole('button', { name: 'Close' }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/ui\/panel\?confirm=yes$/);
    await page.mouse.click(20, 400);
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/ui$/);
  });
});

test.describe('navigation and display', () => {
  test('tabs move with the arrow keys and skip the disabled one', async ({ page }) => {
    await openGallery(page);
    const general = page.getByRole('tab', { name: 'General' });
    await expect(general).toHaveAttribute('aria-selected', 'true');
    await general.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Billing/ })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toHaveText(/Invoices/);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('tabpanel')).toHaveText(/Invoices/);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await expect(general).toBeFocused();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('tabpanel')).toHaveText(/Password/);
  });

  test('the carousel loops with its arrows, by keyboard and by mouse', async ({ page }) => {
    await openGallery(page);
    const carousel = page.getByRole('region', { name: 'Partners' });
    await expect(carousel.getByRole('group', { name: '1 / 8' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous' }).click();
    await expect(carousel.getByRole('group', { name: '8 / 8' })).not.toHaveAttribute('aria-hidden', 'true');
    await carousel.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group', { name: '1 / 8' })).not.toHaveAttribute('aria-hidden', 'true');
  });

  test('the image selector moves three at a time without looping and chooses by click', async ({ page }) => {
    await openGallery(page);
    const selector = page.getByRole('region', { name: 'Cover pictures' });
    await expect(selector.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await selector.getByRole('button', { name: 'Next' }).click();
    await selector.getByRole('button', { name: 'Picture 5' }).click();
    await expect(selector.getByRole('button', { name: 'Picture 5' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('crop dialog', () => {
  // The result is read back from its blob: URL, which the page's CSP (connect-src 'self') keeps from fetch.
  test.use({ bypassCSP: true });

  test('crops the sample photograph into a WebP image within the bounds, with page scroll locked meanwhile', async ({ page }) => {
    await openGallery(page);
    const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    await page.getByRole('button', { name: 'Crop the sample picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    expect(await page.evaluate(() => document.body.style.paddingRight)).toBe(scrollbar > 0 ? `${scrollbar}px` : '');
    await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
    await expectNoAxeViolations(page, 'the crop dialog');
    await dialog.getByRole('button', { name: 'Rotate right' }).click();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => [document.body.style.overflow, document.body.style.paddingRight])).toEqual(['', '']);

    const image = await page.getByRole('img', { name: 'The cropped picture' }).evaluate(async (element: HTMLImageElement) => {
      const bytes = new Uint8Array(await (await fetch(element.src)).arrayBuffer());
      const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
      return { riff: text(0, 4), webp: text(8, 12), width: element.naturalWidth, height: element.naturalHeight };
    });
    expect(image.riff).toBe('RIFF');
    expect(image.webp).toBe('WEBP');
    expect(image.width).toBeLessThanOrEqual(800);
    expect(image.height).toBeLessThanOrEqual(450);
    expect(image.width).toBeGreaterThanOrEqual(320);
    expect(image.height).toBeGreaterThanOrEqual(180);
    expect(Math.abs(image.width / image.height - 16 / 9)).toBeLessThan(0.02);
  });

  test('a finger moves the crop only once it has moved 20 px', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('button', { name: 'Crop the sample picture' }).click();
    const cropBox = page.getByRole('dialog', { name: 'Crop image' }).locator('.cropper-crop-box');
    await expect(cropBox).toBeVisible();
    const corner = (await page.locator('.cropper-point.point-se').boundingBox())!;
    const start = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
    const width = async () => (await cropBox.boundingBox())!.width;
    const before = await width();
    // Real touches, as a phone sends them: the browser turns them into touch pointer events.
    const touch = await page.context().newCDPSession(page);
    const drag = async (dx: number, dy: number) => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
      for (let step = 1; step <= 4; step += 1) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x + (dx * step) / 4, y: start.y + (dy * step) / 4 }] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await drag(-10, -6);
    expect(await width()).toBe(before);
    await drag(-80, -45);
    await expect.poll(width).toBeLessThan(before - 40);
  });

  test('a phone photo stored sideways is shown and cropped upright, as its Exif orientation says', async ({ page }) => {
    await openGallery(page);
    // A landscape JPEG, 320 × 180, red with a green band along its top, marked "rotate 90° clockwise
    // to view" (orientation 6), as phones store portraits: upright, it is 180 × 320, the band on the right.
    const stored = await page.evaluate(() => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 180 });
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c00';
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = '#0a0';
      context.fillRect(0, 0, 320, 40);
      return canvas.toDataURL('image/jpeg', 0.95).split(',')[1]!;
    });
    const jpeg = Buffer.from(stored, 'base64');
    const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 2 + 6 + tiff.length]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const photo = Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
    await page.getByText('Choose a picture to crop').locator('input').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
    const shown = (await dialog.locator('.cropper-canvas').boundingBox())!;
    expect(shown.height / shown.width).toBeCloseTo(320 / 180, 1);
    await dialog.getByRole('button', { name: 'Accept' }).click();

    // The crop (16:9, across the upright photo) is red on the left and green on the right, edge to edge.
    const colours = await page.getByRole('img', { name: 'The cropped picture' }).evaluate(async (element: HTMLImageElement) => {
      const bitmap = await createImageBitmap(await (await fetch(element.src)).blob());
      const canvas = Object.assign(document.createElement('canvas'), { width: bitmap.width, height: bitmap.height });
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const at = (x: number) => [...context.getImageData(x, Math.floor(bitmap.height / 2), 1, 1).data.slice(0, 3)];
      return { left: at(2), right: at(bitmap.width - 3) };
    });
    expect(colours.left[0]).toBeGreaterThan(150);
    expect(colours.left[1]).toBeLessThan(80);
    expect(colours.right[1]).toBeGreaterThan(120);
    expect(colours.right[0]).toBeLessThan(80);
  });

  test('the toolbar’s zooms ease over 350 ms, a drag follows the pointer at once, and reduced motion moves nothing', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openGallery(page);
    await page.getByRole('button', { name: 'Crop the sample picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    const cropBox = dialog.locator('.cropper-crop-box');
    await expect(cropBox).toBeVisible();
    await expect(dialog.locator('.fd-crop-dialog__stage')).toHaveAttribute('data-easing');
    // Every transition the page starts, by the element's class and the property it eases.
    await page.evaluate(() => {
      const started: string[] = [];
      document.addEventListener('transitionrun', (event) => started.push(`${(event.target as Element).className} ${event.propertyName}`), true);
      Object.assign(window, { started });
    });
    const started = () => page.evaluate(() => (window as unknown as { started: string[] }).started.splice(0));
    const canvasWidth = async () => (await dialog.locator('.cropper-canvas').boundingBox())!.width;

    const before = await canvasWidth();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.locator('.cropper-canvas')).toHaveCSS('transition-duration', '0.35s, 0.35s, 0.35s');
    await expect.poll(canvasWidth).toBeCloseTo(before * 1.1, 0);
    expect(await started()).toEqual(expect.arrayContaining(['cropper-canvas width', 'cropper-canvas transform']));

    // A corner dragged by the mouse: the box follows the pointer, nothing eases under it.
    const corner = (await dialog.locator('.cropper-point.point-se').boundingBox())!;
    const boxWidth = (await cropBox.boundingBox())!.width;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x - 40, corner.y - 22, { steps: 4 });
    expect((await cropBox.boundingBox())!.width).toBeLessThan(boxWidth - 20);
    await page.mouse.up();
    expect((await started()).filter((transition) => transition.startsWith('cropper-crop-box'))).toEqual([]);

    // Zoomed in far past what the crop can hold at its 700 px minimum: the dialog stays whole.
    for (let zoom = 0; zoom < 12; zoom += 1) await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByRole('button', { name: 'Accept' })).toBeEnabled();
    // The zooms' own transitions have run out before the person asks for reduced motion.
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length)).toBe(0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await started();
    const zoomedIn = await canvasWidth();
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    expect(await canvasWidth()).toBeCloseTo(zoomedIn / 1.1, 0);
    expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length)).toBe(0);
    expect(await started()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('crops a chosen file, and Escape cancels', async ({ page }) => {
    await openGallery(page);
    await page.getByText('Choose a picture to crop').locator('input').setInputFiles('src/gallery/sample-landscape.png');
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'The cropped picture' })).toHaveCount(0);
  });
});

test.describe('buttons, images and messages', () => {
  test('a broken image shows an empty placeholder and a toast is announced', async ({ page }) => {
    await openGallery(page);
    const broken = page.locator('.fd-gallery__images figure').last();
    await expect(broken.getByRole('img', { name: 'Broken image' })).toBeVisible();
    // The placeholder, not the browser's broken-image icon, even when the error comes at once.
    await expect(broken.locator('.fd-image--error')).toBeVisible();
    // Of the image's size, 72 px, in a browser that takes no length without its unit.
    expect(await broken.locator('.fd-image--error').boundingBox()).toMatchObject({ width: 72, height: 72 });
    await expect(broken.locator('img')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show a message' }).click();
    await expect(page.getByRole('status')).toContainText('goes away after 10 seconds');
    await page.getByRole('button', { name: 'Show an error' }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
  });
});
