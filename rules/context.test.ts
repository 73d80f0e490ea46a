import { describe, expect, it } from 'vitest';
import { isContext } from './context';

describe('the context rule', () => {
  it('takes a letter or digit, then up to 62 letters, digits, _ or -', () => {
    for (const value of ['acme', 'serviceProvider', 'a', `a${'b'.repeat(62)}`, 'globex_2-eu']) expect(isContext(value), value).toBe(true);
  });

  it('refuses what could carry cookie attributes or a path: = ; spaces, dots, slashes, a leading _ or -', () => {
    for (const value of [
      '',
      'acme=x; Max-Age=31536000; Domain=example.com',
      'acme;',
      'ac me',
      'acme.example',
      '../acme',
      '_acme',
      '-acme',
      `a${'b'.repeat(63)}`,
      'acmé',
    ]) {
      expect(isContext(value), value).toBe(false);
    }
  });
});
