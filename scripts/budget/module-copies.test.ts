import { describe, expect, it } from 'vitest';
import { holdsState } from './module-copies';

describe('a module that holds state, whose second copy would be a second state', () => {
  it.each([
    ['a store', "import { atom } from 'nanostores';\nexport const $refusals = atom(0);\n"],
    ['a typed store', 'export const $locale = atom<Language>(FALLBACK_LANGUAGE);\n'],
    ['a store kept in the session', "export const $resetEmail = sessionStored('email');\n"],
    ['a toaster', 'export const { $toast, showToast } = createToaster();\n'],
    ['a variable of the module', 'let loaded = false;\nexport function load() { loaded = true; }\n'],
    ['a cache the module fills', 'const outlets = new WeakMap<Element, string>();\n'],
  ])('is %s', (_, source) => expect(holdsState(source)).toBe(true));

  it.each([
    ['a component', 'export function Done({ text }: { text: string }) {\n  let shown = text;\n  return shown;\n}\n'],
    ['a rule', "export const emailRule = (value: string) => (value.includes('@') ? [] : ['error.invalid-email']);\n"],
    ['a table of constants', "export const LINK_THEME = { color: 'blue' } as const;\n"],
  ])('is not %s', (_, source) => expect(holdsState(source)).toBe(false));
});
