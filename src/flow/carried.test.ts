import { describe, expect, it } from 'vitest';
import { carriedSearch, flowSearch, queryString, withCarried } from './carried';

describe('the carried parameters', () => {
  it('keeps app, domain, route, context and locale and nothing else', () => {
    expect(
      carriedSearch({ app: 'portal', domain: 'acme', route: '/orders/7?tab=2', context: 'acme', locale: 'de', username: 'ada@example.com', token: 'x' }),
    ).toEqual({
      app: 'portal',
      domain: 'acme',
      route: '/orders/7?tab=2',
      context: 'acme',
      locale: 'de',
    });
  });

  it('drops values that break their rule', () => {
    expect(carriedSearch({ app: '//evil.example', domain: 'acme corp', route: '/a\r\nLocation: x', context: '../acme', locale: 'de"><x' })).toEqual({});
    expect(carriedSearch({ app: ['portal'], domain: 7, context: 'acme.example', locale: '' })).toEqual({});
  });

  it('carries a language tag as the locale, whether or not the interface speaks it', () => {
    for (const locale of ['de', 'de-CH', 'pt_BR', 'zh-Hant-TW']) expect(carriedSearch({ locale }), locale).toEqual({ locale });
  });

  it('carries the context and the language on to the next step', () => {
    expect(withCarried({ context: 'acme', locale: 'it', token: 'secret' }, { username: 'ada@example.com' })).toEqual({
      context: 'acme',
      locale: 'it',
      username: 'ada@example.com',
    });
  });

  it("carries the current step's parameters into the next step's, under the step's own", () => {
    expect(withCarried({ app: 'portal', route: '/x', username: 'old' }, { username: 'ada@example.com' })).toEqual({
      app: 'portal',
      route: '/x',
      username: 'ada@example.com',
    });
  });

  it('leaves out empty and missing values', () => {
    expect(withCarried({ app: 'portal' }, { username: undefined, email: '' })).toEqual({ app: 'portal' });
  });

  it('lets screens read every parameter as a string and the carried ones only when valid', () => {
    expect(flowSearch({ username: 'ada@example.com', app: 'javascript:alert(1)', domain: 'acme' })).toEqual({ username: 'ada@example.com', domain: 'acme' });
  });

  it('writes a query string, or nothing for no parameters', () => {
    expect(queryString({ username: 'ada@example.com', route: '/a b' })).toBe('?username=ada%40example.com&route=%2Fa+b');
    expect(queryString({})).toBe('');
  });
});
