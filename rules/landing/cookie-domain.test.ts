import { describe, expect, it } from 'vitest';
import { cookieDomainFor } from './cookie-domain';

describe('the domain of the cookies', () => {
  it("is the product's domain when the page is on it", () => {
    expect(cookieDomainFor('frontdoor.localhost', 'auth.frontdoor.localhost')).toBe('frontdoor.localhost');
    expect(cookieDomainFor('.example.com', 'example.com')).toBe('example.com');
  });

  it("is none when the page is reached by another name, so the cookie stays on the page's host", () => {
    expect(cookieDomainFor('frontdoor.localhost', '127.0.0.1')).toBeUndefined();
    expect(cookieDomainFor('example.com', 'evilexample.com')).toBeUndefined();
    expect(cookieDomainFor(undefined, 'auth.example.com')).toBeUndefined();
  });
});
