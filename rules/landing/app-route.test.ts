import { describe, expect, it } from 'vitest';
import { appRoute } from './app-route';

describe('the route of the app a person lands in', () => {
  it('is a path with its query and fragment', () => {
    expect(appRoute('/orders/7?tab=items#top')).toBe('/orders/7?tab=items#top');
  });

  it('takes a route without its leading slash as a path of the app', () => {
    expect(appRoute('orders/7')).toBe('/orders/7');
    expect(appRoute('orders/7?tab=items#top')).toBe('/orders/7?tab=items#top');
    expect(appRoute('evil.example')).toBe('/evil.example');
    expect(appRoute('@evil.example')).toBe('/@evil.example');
    expect(appRoute('./orders/../users')).toBe('/users');
  });

  it('is none for no route', () => {
    expect(appRoute(undefined)).toBeUndefined();
    expect(appRoute('')).toBeUndefined();
  });

  it('refuses routes that would leave the app: another host, a scheme, a backslash, whitespace or a control character', () => {
    for (const route of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\evil.example',
      'https://evil.example/',
      'HTTPS://evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      'evil.example:443/x',
      '/\tevil',
      '\t//evil.example',
      ' //evil.example',
      '/a\r\nb',
      '/a\u0000b',
      '/a\u0085b',
    ]) {
      expect(appRoute(route), JSON.stringify(route)).toBeUndefined();
    }
  });

  it('refuses a route whose path, once its dot segments are resolved, starts with two slashes', () => {
    for (const route of [
      '/.//evil.example',
      './/evil.example',
      '/a/..//evil.example',
      'a/..//evil.example',
      '/%2e//evil.example',
      '/./%2e/.//evil.example/x',
      '/x/.././/evil.example?a=1',
    ]) {
      expect(appRoute(route), route).toBeUndefined();
    }
    expect(appRoute('/a/./b/../c//d')).toBe('/a/c//d');
  });
});
