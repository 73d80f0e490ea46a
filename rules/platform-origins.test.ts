import { describe, expect, it } from 'vitest';
import { isPlatformOrigin, platformFrameSources, platformOrigin } from './platform-origins';

describe("the platform's own origins", () => {
  it('are its host and every subdomain, over the front door’s scheme, as CSP sources', () => {
    expect(platformFrameSources('https:', 'Example.com')).toEqual(['https://example.com', 'https://*.example.com']);
    expect(platformFrameSources('http:', 'frontdoor.localhost:8080')).toEqual(['http://frontdoor.localhost:8080', 'http://*.frontdoor.localhost:8080']);
    expect(platformFrameSources('https:', 'example.com:443')).toEqual(['https://example.com', 'https://*.example.com']);
  });

  it("start with the origin of the platform's host itself", () => {
    expect(platformOrigin('https:', 'Example.com')).toBe('https://example.com');
    expect(platformOrigin('http:', 'frontdoor.localhost:8080')).toBe('http://frontdoor.localhost:8080');
    expect(platformOrigin('https:', 'not a host')).toBeUndefined();
    expect(platformFrameSources('https:', 'not a host')).toEqual([]);
  });

  it('take the host itself and its subdomains at any depth', () => {
    for (const origin of ['https://example.com', 'https://portal.example.com', 'https://acme.admin.example.com']) {
      expect(isPlatformOrigin(origin, 'https:', 'example.com'), origin).toBe(true);
    }
    expect(isPlatformOrigin('http://acme.frontdoor.localhost:8080', 'http:', 'frontdoor.localhost:8080')).toBe(true);
  });

  it('refuse another scheme, port or host, a look-alike name, and anything that is not an origin', () => {
    for (const origin of [
      'http://portal.example.com',
      'https://portal.example.com:8443',
      'https://example.com.evil.test',
      'https://evilexample.com',
      'https://portal.example.com/',
      'https://user@portal.example.com',
      'null',
      '',
    ]) {
      expect(isPlatformOrigin(origin, 'https:', 'example.com'), origin).toBe(false);
    }
    expect(isPlatformOrigin('http://acme.frontdoor.localhost:8081', 'http:', 'frontdoor.localhost:8080')).toBe(false);
  });
});
