import { describe, expect, it } from 'vitest';
import { isFrontDoorLocation, ssoSuccessUrl } from './return-to';

const PUBLIC_URL = 'https://auth.example.com';

describe('where the front door continues after a SAML login', () => {
  it.each(['/login', '/login?app=portal&domain=acme&route=%2Fdashboard', 'https://auth.example.com/company?app=admin'])(
    'accepts %j on the front door',
    (returnTo) => {
      expect(isFrontDoorLocation(returnTo, PUBLIC_URL)).toBe(true);
    },
  );

  it.each([
    'https://evil.example/login',
    'http://auth.example.com/login',
    'https://auth.example.com.evil.example/login',
    '//evil.example',
    '/\\evil.example',
    '/ /evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'login',
  ])('refuses %j', (returnTo) => {
    expect(isFrontDoorLocation(returnTo, PUBLIC_URL)).toBe(false);
  });

  it('puts the token and only the carried parameters of returnTo on the success page', () => {
    const url = new URL(ssoSuccessUrl(PUBLIC_URL, 'a.b.c', '/login?route=%2Fx%3Fy%3D1&app=portal&lcq=forged&username=ada%40example.com&context=acme'));
    expect(url.origin + url.pathname).toBe('https://auth.example.com/login/sso/success');
    expect([...url.searchParams]).toEqual([
      ['lcq', 'a.b.c'],
      ['app', 'portal'],
      ['route', '/x?y=1'],
      ['context', 'acme'],
    ]);
  });

  it('brings the language chosen on the first page back from the identity provider', () => {
    const url = new URL(ssoSuccessUrl(PUBLIC_URL, 'a.b.c', '/login?domain=globex&locale=de'));
    expect(url.searchParams.get('locale')).toBe('de');
    expect(url.searchParams.get('domain')).toBe('globex');
  });

  it('drops a carried parameter that breaks its rule', () => {
    const url = new URL(ssoSuccessUrl(PUBLIC_URL, 'a.b.c', `/login?context=${encodeURIComponent('../evil')}&locale=${encodeURIComponent('<de>')}&app=portal`));
    expect([...url.searchParams.keys()]).toEqual(['lcq', 'app']);
  });

  it('puts only the token there when there is no returnTo', () => {
    expect(ssoSuccessUrl(PUBLIC_URL, 'a.b.c', '')).toBe('https://auth.example.com/login/sso/success?lcq=a.b.c');
  });
});
