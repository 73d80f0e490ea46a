import { describe, expect, it } from 'vitest';
import { automaticSamlContext } from './saml-context';

describe('the organisation whose SAML sign-in Login starts at once', () => {
  it('is the context parameter, else the domain parameter', () => {
    expect(automaticSamlContext('globex', 'acme')).toBe('globex');
    expect(automaticSamlContext(undefined, 'acme')).toBe('acme');
    expect(automaticSamlContext(undefined, undefined)).toBeUndefined();
  });

  it('is none for a name of the platform itself, in any case, whichever parameter gives it', () => {
    for (const name of ['admin', 'app', 'meta', 'services', 'auth', 'www', 'localhost', 'serviceProvider', 'AUTH']) {
      expect(automaticSamlContext(name, undefined), name).toBeUndefined();
      expect(automaticSamlContext(undefined, name), name).toBeUndefined();
    }
  });
});
