import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToIdentityProvider, isFollowableIdentityProvider } from './saml';
import { $toast, clearToast } from '../stores/first-view/toast';
import type { Flow } from './flow';

const frontDoor = (origin: string) => {
  const url = new URL(origin);
  return { origin: url.origin, protocol: url.protocol, hostname: url.hostname };
};

describe('the identity provider URL the browser follows', () => {
  const production = frontDoor('https://auth.example.com');
  const development = frontDoor('http://127.0.0.1:8080');

  it('is any https URL', () => {
    expect(isFollowableIdentityProvider('https://idp.example.org/sso?SAMLRequest=abc', production)).toBe(true);
  });

  it("is an http URL on the front door's own origin", () => {
    expect(isFollowableIdentityProvider('http://127.0.0.1:8080/dev/idp/sso?SAMLRequest=abc', development)).toBe(true);
  });

  it('is an http URL on a loopback name while the front door itself runs on plain http on one', () => {
    expect(isFollowableIdentityProvider('http://auth.frontdoor.localhost:8080/dev/idp/sso', development)).toBe(true);
  });

  it('is never http elsewhere, javascript:, data: or anything that is not a URL', () => {
    for (const url of [
      'http://idp.example.org/sso',
      'http://auth.frontdoor.localhost:8080/dev/idp/sso',
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//idp.example.org/sso',
      '/dev/idp/sso',
      '',
    ]) {
      expect(isFollowableIdentityProvider(url, production), url).toBe(false);
    }
    expect(isFollowableIdentityProvider('http://idp.example.org/sso', development)).toBe(false);
  });
});

describe('going to the identity provider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToast();
  });

  /** The API answers `url` to getSamlLoginUrl (and takes the report of a refusal). */
  function answering(url: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        new URL(request.url).pathname.endsWith('/client-errors')
          ? new Response(null, { status: 204 })
          : new Response(url, { status: 200, headers: { 'content-type': 'text/plain' } }),
      ),
    );
  }

  const flow = () => ({
    path: '/login',
    params: {},
    search: {},
    go: vi.fn<Flow['go']>(),
    href: () => '/login',
    prepare: () => {},
    leave: vi.fn<Flow['leave']>(),
  });

  it('shows the SSO error and stays when the API answers a javascript: URL', async () => {
    answering('javascript:alert(document.cookie)');
    const here = flow();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await goToIdentityProvider(here, 'Login', 'globex', 'sam@globex.example')).toBe(false);
    // The refusal is reported, and logged for the people reading the console (flows 8).
    expect(error).toHaveBeenCalledWith('Frontdoor: follow-identity-provider failed on Login.');
    error.mockRestore();
    expect(here.leave).not.toHaveBeenCalled();
    expect($toast.get()).toMatchObject({ message: 'Error fetching SSO configuration.', tone: 'error' });
  });

  it('leaves for an https identity provider', async () => {
    answering('https://idp.example.org/sso?SAMLRequest=abc');
    const here = flow();
    expect(await goToIdentityProvider(here, 'Login', 'globex')).toBe(true);
    expect(here.leave).toHaveBeenCalledWith('https://idp.example.org/sso?SAMLRequest=abc');
  });
});
