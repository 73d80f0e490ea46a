/**
 * The stylesheet a prerendered page inlines (docs/decisions/0014-a-page-carries-its-screen.md):
 * the rules of the elements its screen's prerendered markup shows, in any of their states (hover,
 * focus, validity, `aria-*`), with the `@keyframes` and custom properties those rules use. What
 * only scripts show (a busy button's spinner, toasts, the rules of a new password, the QR code) and
 * what other screens show come with the whole stylesheet once the page has taken over
 * (src/router/whole-stylesheet.ts). The CSP of a page's answer allows its own stylesheet by hash
 * (server/web/security-headers.ts).
 */
import postcss, { type AtRule } from 'postcss';
import { JSDOM } from 'jsdom';

/** A pseudo-class whose argument is itself a selector to match, kept. */
const SELECTOR_ARGUMENT = /^:(?:not|is|where|has)\(/;
/** Pseudo-classes and pseudo-elements, with an argument of up to one level of parentheses. */
const PSEUDO = /::?[\w-]+(?:\((?:[^()]|\([^()]*\))*\))?/g;
const ATTRIBUTE = /\[[^[\]]*\]/g;

/** The elements a selector styles, whatever their state: its pseudo-classes, pseudo-elements and attributes removed. */
export function elementsOf(selector: string): string {
  const elements = selector
    .replace(PSEUDO, (pseudo) => (SELECTOR_ARGUMENT.test(pseudo) ? pseudo : ''))
    .replace(ATTRIBUTE, '')
    .trim();
  // A state that stood alone after a combinator (`.fd-passkey > :last-child`) stands for any element.
  return (/[>+~]$/.test(elements) ? `${elements} *` : elements) || '*';
}

/** The names `var(--name)` reads in `text`. */
const customPropertiesOf = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].flatMap(([, name]) => (name ? [name] : []));

/** The rules of `css` whose elements one of the `pages` (prerendered markup: a screen in each language) shows. */
export function firstViewCss(css: string, pages: readonly string[]): string {
  const documents = pages.map((markup) => new JSDOM(markup).window.document);
  const shown = (selector: string) => {
    try {
      return documents.some((document) => document.querySelector(elementsOf(selector)) !== null);
    } catch {
      // A selector the check cannot read is kept: a rule too many costs bytes, one too few a look.
      return true;
    }
  };
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && (rule.parent as AtRule).name.endsWith('keyframes')) return;
    const kept = rule.selectors.filter(shown);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selector = kept.join(',');
  });
  root.walkAtRules((rule) => {
    if (rule.nodes?.length === 0) rule.remove();
  });
  // Keyframes no kept rule animates with, and custom properties no kept rule reads (nor another that is read).
  const used = (keep: (text: string) => boolean) => root.toString().split(/[;{}]/).some(keep);
  root.walkAtRules(/keyframes$/, (rule) => {
    const name = rule.params.trim();
    if (!used((text) => /^\s*animation(-name)?\s*:/.test(text) && new RegExp(`\\b${name}\\b`).test(text))) rule.remove();
  });
  for (let removed = true; removed;) {
    removed = false;
    // The markup's own styles may read one too.
    const read = new Set(customPropertiesOf(root.toString() + pages.join('')));
    root.walkDecls(/^--/, (declaration) => {
      if (read.has(declaration.prop)) return;
      declaration.remove();
      removed = true;
    });
  }
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  return root.toString();
}
