import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('server configuration', () => {
  it('serves the demo platform under frontdoor.localhost on the embedded database by default', () => {
    const config = loadConfig({}, '/srv/frontdoor');
    expect(config).toMatchObject({
      port: 8080,
      apiBasePath: '/api',
      publicUrl: 'http://auth.frontdoor.localhost:8080',
      platformHost: 'frontdoor.localhost:8080',
      cookieDomain: 'frontdoor.localhost',
      dataDir: '/srv/frontdoor/data',
      databaseUrl: undefined,
      production: false,
    });
  });

  it('takes PORT, the base path and the parent origins from the environment', () => {
    const config = loadConfig({ PORT: '9000', API_BASE_PATH: '/auth/api/', ALLOWED_PARENT_ORIGINS: 'https://a.example.com/x, https://b.example.com' });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('http://auth.frontdoor.localhost:9000');
    expect(config.apiBasePath).toBe('/auth/api');
    expect(config.allowedParentOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });

  it('keeps audit rows 90 days unless AUDIT_RETENTION_DAYS says otherwise, a whole number of days from 1', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(90);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    for (const value of ['0', '-1', '1.5', 'ninety', '3651']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS must be a whole number from 1 to 3650/);
    }
  });

  it('waits 5 seconds for PostgreSQL unless DATABASE_TIMEOUT_MS says otherwise, a whole number of milliseconds from 100', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '1500' }).databaseTimeoutMs).toBe(1500);
    for (const value of ['0', '99', '-1', '2.5', '5s', '600001']) {
      expect(() => loadConfig({ DATABASE_TIMEOUT_MS: value })).toThrow(/DATABASE_TIMEOUT_MS must be a whole number from 100 to 600000/);
    }
  });

  it('serves metrics only on METRICS_PORT, a port of their own apart from PORT', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const value of ['0', '65536', 'metrics', '8080']) expect(() => loadConfig({ METRICS_PORT: value })).toThrow(/METRICS_PORT/);
  });

  it('refuses a port that is not a port, with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('serves the development pages only outside production on a localhost public URL, unless told', () => {
    expect(loadConfig({}).devPages).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devPages).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com' }).devPages).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com', DEV_PAGES: 'on' }).devPages).toBe(true);
    expect(() => loadConfig({ DEV_PAGES: 'maybe' })).toThrow(/DEV_PAGES/);
  });

  it('never serves the development pages in production, even when DEV_PAGES asks for them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_PAGES: 'on' })).toThrow(/DEV_PAGES/);
    expect(loadConfig({ NODE_ENV: 'production', DEV_PAGES: 'off' }).devPages).toBe(false);
  });

  it('sets cookies on the platform’s domain when the front door lives under it, else on its own host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com', PLATFORM_HOST: 'example.com' }).cookieDomain).toBe('example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://login.other.com', PLATFORM_HOST: 'example.com' }).cookieDomain).toBe('');
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com', COOKIE_DOMAIN: '.Example.com' }).cookieDomain).toBe('example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com', PLATFORM_HOST: 'example.com', COOKIE_DOMAIN: '' }).cookieDomain).toBe('');
    expect(() => loadConfig({ PUBLIC_URL: 'https://auth.example.com', COOKIE_DOMAIN: 'other.com' })).toThrow(/COOKIE_DOMAIN/);
  });

  it('refuses a token audience that cannot stand in a path as a context', () => {
    expect(() => loadConfig({ TOKEN_AUDIENCE: 'https://api.example.com' })).toThrow(/TOKEN_AUDIENCE/);
  });

  it('takes a host name with an optional port as PLATFORM_HOST, and nothing that could add to a URL or a header', () => {
    expect(loadConfig({ PLATFORM_HOST: 'example.com' }).platformHost).toBe('example.com');
    expect(loadConfig({ PLATFORM_HOST: 'platform.example.com:8443' }).platformHost).toBe('platform.example.com:8443');
    for (const value of ['https://example.com', 'example.com/x', 'example.com; script-src *', 'user@example.com', '.example.com', 'example.com:']) {
      expect(() => loadConfig({ PLATFORM_HOST: value }), value).toThrow(/PLATFORM_HOST/);
    }
  });

  it('refuses a public URL that is not absolute', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'auth.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('asks a Pwned Passwords range service only when PWNED_PASSWORDS_URL names an http or https URL', () => {
    expect(loadConfig({}).pwnedPasswordsUrl).toBeUndefined();
    expect(loadConfig({ PWNED_PASSWORDS_URL: 'https://api.pwnedpasswords.com/' }).pwnedPasswordsUrl).toBe('https://api.pwnedpasswords.com');
    expect(() => loadConfig({ PWNED_PASSWORDS_URL: 'ftp://example.com' })).toThrow(/PWNED_PASSWORDS_URL/);
    expect(() => loadConfig({ PWNED_PASSWORDS_URL: 'not a url' })).toThrow(/PWNED_PASSWORDS_URL/);
  });
});
