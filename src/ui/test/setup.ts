/**
 * Test setup shared by the Preact and the React runs: jsdom has no `CSS.supports` and `CSS.escape`,
 * which Ariakit calls, and no layout, so `scrollIntoView`, `window.scrollTo` (the router restores
 * scrolling) and `ResizeObserver` are given no-op stand-ins and `checkVisibility` answers from
 * `display` and `hidden` (Ariakit moves focus only to visible elements). Each file waits, at its
 * end, for the effects its last render scheduled.
 */
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(cleanup);
// Preact runs effects after the next frame, or 35 ms after a render when no frame comes: a file's
// last render must have run them before jsdom goes away, or that timer finds no cancelAnimationFrame.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));

const css = ((globalThis as { CSS?: Record<string, unknown> }).CSS ??= {});
css.supports ??= () => false;
css.escape ??= (value: string) => String(value).replace(/[^\w-]/g, (character) => `\\${character}`);

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom has one that only says it is not implemented.
window.scrollTo = () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

if (!Element.prototype.checkVisibility) {
  const hidden = (element: Element) => (element as HTMLElement).hidden || getComputedStyle(element).display === 'none';
  Element.prototype.checkVisibility = function checkVisibility(this: Element) {
    for (let element: Element | null = this.parentElement; element; element = element.parentElement) if (hidden(element)) return false;
    return this.isConnected && !hidden(this);
  };
}
