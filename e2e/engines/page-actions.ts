/**
 * What a person does on a page, in any engine (e2e/engines/engine-page.ts): elements are found by
 * what the person reads (a field's label, a button's name, a heading), in the page itself, and
 * then typed into or clicked by the engine as a person would. Every step waits for its element,
 * as a person waits for the page, up to STEP_TIMEOUT_MS.
 */
import type { EnginePage } from './engine-page';

const STEP_TIMEOUT_MS = 20_000;

/** Polls until `check` answers something other than undefined; fails with what was awaited. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, timeout = STEP_TIMEOUT_MS): Promise<T> {
  const until = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      // A page in the middle of a navigation answers nothing; the next poll asks the new one.
      lastError = error;
    }
    if (Date.now() > until) throw new Error(`Waited ${timeout} ms for ${what}${lastError ? ` (last: ${String(lastError)})` : ''}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Kind = 'field' | 'button' | 'link' | 'checkbox' | 'heading' | 'image' | 'text';

/**
 * Runs in the page: the one visible element of a kind whose name is `name`, marked so the engine
 * can find it by a CSS selector; null while there is none. A field's name is its label's text, a
 * button's or link's its text or aria-label, an image's its alt text.
 */
const FIND = `function (kind, name) {
  const visible = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const text = (element) => (element.getAttribute('aria-label') || element.textContent || '').replace(/\\s+/g, ' ').trim();
  const labelled = (element) => {
    const labels = element.labels ? [...element.labels].map((label) => label.textContent.replace(/\\s+/g, ' ').replace(/\\*$/, '').trim()) : [];
    return [...labels, element.getAttribute('aria-label') || ''];
  };
  let candidates = [];
  if (kind === 'field') candidates = [...document.querySelectorAll('input:not([type=checkbox]):not([type=hidden]), textarea, select')].filter((element) => labelled(element).includes(name));
  if (kind === 'checkbox') candidates = [...document.querySelectorAll('input[type=checkbox]')].filter((element) => labelled(element).includes(name));
  if (kind === 'button') candidates = [...document.querySelectorAll('button, input[type=submit], [role=button]')].filter((element) => text(element) === name || element.value === name);
  if (kind === 'link') candidates = [...document.querySelectorAll('a[href]')].filter((element) => text(element) === name);
  if (kind === 'heading') candidates = [...document.querySelectorAll('h1, h2, h3')].filter((element) => text(element) === name);
  if (kind === 'image') candidates = [...document.querySelectorAll('img, [role=img]')].filter((element) => (element.getAttribute('alt') || element.getAttribute('aria-label')) === name);
  if (kind === 'text') candidates = [...document.querySelectorAll('body *')].filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.includes(name)));
  const found = candidates.filter(visible);
  if (found.length === 0) return null;
  const mark = String(Math.random()).slice(2);
  found[0].setAttribute('data-story-target', mark);
  return '[data-story-target="' + mark + '"]';
}`;

/** The CSS selector of the visible element, once the page shows it. */
export const find = (page: EnginePage, kind: Kind, name: string) =>
  waitUntil(`the ${kind} "${name}" on ${page.engine}'s page`, async () => (await page.evaluate<string | null>(FIND, kind, name)) ?? undefined);

/**
 * Finds the element and acts on it; where the page replaced it in between (the script taking over
 * the prerendered page renders its own), it is found again.
 */
const actOn = (page: EnginePage, kind: Kind, name: string, action: (selector: string) => Promise<void>) =>
  waitUntil(`the ${kind} "${name}" on ${page.engine}'s page to take the action`, async () => {
    const selector = await page.evaluate<string | null>(FIND, kind, name);
    if (selector === null) return undefined;
    await action(selector);
    return true;
  });

export async function fillField(page: EnginePage, label: string, text: string): Promise<void> {
  await actOn(page, 'field', label, (selector) => page.fill(selector, text));
}

const ENABLED = `function (selector) { const b = document.querySelector(selector); return !!b && !b.disabled && b.getAttribute('aria-busy') !== 'true'; }`;

/** Clicks the button once it can be pressed (the page has taken over and nothing is pending). */
export async function press(page: EnginePage, name: string): Promise<void> {
  await actOn(page, 'button', name, async (selector) => {
    if (!(await page.evaluate<boolean>(ENABLED, selector))) throw new Error(`the button "${name}" is not enabled yet`);
    await page.click(selector);
  });
}

export async function follow(page: EnginePage, name: string): Promise<void> {
  await actOn(page, 'link', name, (selector) => page.click(selector));
}

export async function tick(page: EnginePage, label: string): Promise<void> {
  await actOn(page, 'checkbox', label, (selector) => page.click(selector));
}

export async function expectHeading(page: EnginePage, name: string): Promise<void> {
  await find(page, 'heading', name);
}

export async function expectText(page: EnginePage, text: string): Promise<void> {
  await find(page, 'text', text);
}

/** Waits until the page's address matches, and answers it. */
export const expectUrl = (page: EnginePage, pattern: RegExp) =>
  waitUntil(`an address matching ${pattern} in ${page.engine}`, async () => {
    const url = await page.url();
    return pattern.test(url.href) ? url : undefined;
  });

/** The texts of the items of the list with this aria-label. */
export const listItems = (page: EnginePage, name: string) =>
  waitUntil(`the list "${name}"`, async () => {
    const items = await page.evaluate<string[] | null>(
      `function (name) { const list = document.querySelector('[aria-label="' + name + '"]'); return list ? [...list.querySelectorAll('li')].map((item) => item.textContent.trim()) : null; }`,
      name,
    );
    return items && items.length > 0 ? items : undefined;
  });
