/**
 * The server's configuration, read once from the environment. Every variable is listed in README.md.
 */
import { resolve } from 'node:path';
import { isLoopback } from '../rules/loopback';
import { decodeTotpKey } from './auth/totp-secrets';
import { withoutTrailingSlashes } from '../rules/route-pattern';
import { DEFAULT_DATABASE_TIMEOUT_MS } from './db/database';

export interface ServerConfig {
  port: number;
  host: string;
  /**
   * The port of a listener of its own, on host, that answers GET /metrics (server/metrics/listener.ts);
   * operators keep it private. Unset: the metrics are served nowhere.
   */
  metricsPort: number | undefined;
  /** Where the API is mounted; the app reaches it through the runtime configuration. */
  apiBasePath: string;
  /** The front door's public origin: links in e-mails and redirects are built from it, never from Host. */
  publicUrl: string;
  dataDir: string;
  /** A real PostgreSQL when set; otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /**
   * One bound on each call to PostgreSQL, in milliseconds: the wait for a pooled connection and the
   * statement after it share it (server/db/postgres.ts). Past it the API answers 503 instead of hanging.
   */
  databaseTimeoutMs: number;
  distDir: string;
  production: boolean;
  /**
   * The development pages (/dev/mail shows live reset links, /dev/idp signs in anyone): on by
   * default only outside production and on a localhost public URL; DEV_PAGES=on|off decides,
   * except that production refuses on.
   */
  devPages: boolean;
  /**
   * Host (and port) the platform's apps live under: portal {subdomain}.{host} (flows 2). Its origins
   * over the front door's scheme may frame /change-password (flows 4.10).
   */
  platformHost: string;
  /**
   * The domain the app sets the session cookies on (flows 9: the product's domain), so the platform's
   * apps under platformHost receive them; empty means the front door's own host only.
   */
  cookieDomain: string;
  /** Origins besides the platform's own that may frame /change-password and hear its message (flows 4.10). */
  allowedParentOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A Pwned Passwords range service asked beside the bundled lists (server/auth/known-passwords.ts). */
  pwnedPasswordsUrl: string | undefined;
  tokenTtlSeconds: number;
  /** The longest an app's refresh token (`offline_access`) lasts from its first issue, through every rotation (server/oidc/provider.ts). */
  refreshTokenTtlSeconds: number;
  /** The session token's `aud`: the API it is meant for. */
  tokenAudience: string;
  /** A P-256 private JWK (JSON) that signs tokens; unset means a key kept in dataDir. */
  signingKey: string | undefined;
  /** 32 bytes in base64 that encrypt TOTP secrets at rest; unset means a key kept in dataDir. */
  totpKey: string | undefined;
  /** Trust X-Forwarded-For from this many proxies in front (client addresses for throttling). */
  trustProxyHops: number;
  logLevel: string;
  /** How many days audit_log keeps its rows; the hourly sweep deletes older ones. */
  auditRetentionDays: number;
}

export class ConfigError extends Error {}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return parsed;
}

/** A port apart from the main one, or none when unset. */
function metricsPort(value: string | undefined, port: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = integer('METRICS_PORT', value, 0, 1, 65535);
  if (parsed === port) throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): the metrics have a listener of their own.`);
  return parsed;
}

function origin(name: string, value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new ConfigError(`${name} must be an absolute URL such as https://auth.example.com, got "${value}".`);
  }
}

/** An http(s) URL of a service the server calls, without a trailing slash; unset when empty. */
function serviceUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http or https URL, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http or https URL, got "${value}".`);
  let href = url.href;
  while (href.endsWith('/')) href = href.slice(0, -1);
  return href;
}

function basePath(value: string | undefined): string {
  const path = withoutTrailingSlashes(value ?? '/api');
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(path) || path === '') {
    throw new ConfigError(`API_BASE_PATH must be a path such as /api, got "${value}".`);
  }
  return path;
}

function devPages(env: NodeJS.ProcessEnv, publicUrl: string): boolean {
  // They show live reset links and sign anyone in: production never has them, whatever DEV_PAGES says.
  if (env.NODE_ENV === 'production' && env.DEV_PAGES === 'on')
    throw new ConfigError('DEV_PAGES=on is refused in production (NODE_ENV=production): the development pages sign anyone in.');
  if (env.DEV_PAGES === 'on') return true;
  if (env.DEV_PAGES === 'off') return false;
  if (env.DEV_PAGES) throw new ConfigError(`DEV_PAGES must be on or off, got "${env.DEV_PAGES}".`);
  return env.NODE_ENV !== 'production' && isLoopback(new URL(publicUrl).hostname);
}

/**
 * The cookie domain: COOKIE_DOMAIN when set (empty: host-only), else the platform host's name when
 * the front door lives under it (auth.example.com under example.com), else host-only. A browser
 * refuses a cookie domain the front door's host is not under, so that is a configuration error.
 */
function cookieDomain(env: NodeJS.ProcessEnv, publicUrl: string, platformHost: string): string {
  const frontDoor = new URL(publicUrl).hostname;
  const under = (domain: string) => frontDoor === domain || frontDoor.endsWith(`.${domain}`);
  if (env.COOKIE_DOMAIN !== undefined) {
    const domain = env.COOKIE_DOMAIN.replace(/^\./, '').toLowerCase();
    if (domain && !under(domain))
      throw new ConfigError(`COOKIE_DOMAIN must be the front door's host or a parent of it (${frontDoor}), got "${env.COOKIE_DOMAIN}".`);
    return domain;
  }
  const platform = platformHost.replace(/:\d+$/, '').toLowerCase();
  return frontDoor !== platform && under(platform) ? platform : '';
}

/** A host name with an optional port: it stands in URLs, cookie domains and the CSP, so nothing else passes. */
function platformHost(value: string | undefined, port: number): string {
  const host = value || `frontdoor.localhost:${port}`;
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/.test(host)) {
    throw new ConfigError(`PLATFORM_HOST must be a host name with an optional port, such as example.com or frontdoor.localhost:8080, got "${value}".`);
  }
  return host;
}

/** The session token's audience doubles as a context (logout is GET {aud}/logout), so it has a context's shape. */
function audience(value: string | undefined): string {
  const name = value || 'frontdoor';
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/.test(name))
    throw new ConfigError(`TOKEN_AUDIENCE must be a name like frontdoor (letters, digits, _ and -), got "${value}".`);
  return name;
}

function totpKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!decodeTotpKey(value)) throw new ConfigError('TOTP_KEY must be 32 bytes in base64, such as the output of `openssl rand -base64 32`.');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root: string = process.cwd()): ServerConfig {
  const port = integer('PORT', env.PORT, 8080, 0, 65535);
  // The demo's platform lives under frontdoor.localhost: its apps receive the session cookie the
  // front door sets (docs/decisions/0007-demo-platform-under-frontdoor-localhost.md).
  const publicUrl = origin('PUBLIC_URL', env.PUBLIC_URL || `http://auth.frontdoor.localhost:${port}`);
  const platform = platformHost(env.PLATFORM_HOST, port);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    metricsPort: metricsPort(env.METRICS_PORT, port),
    apiBasePath: basePath(env.API_BASE_PATH),
    publicUrl,
    dataDir: resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseTimeoutMs: integer('DATABASE_TIMEOUT_MS', env.DATABASE_TIMEOUT_MS, DEFAULT_DATABASE_TIMEOUT_MS, 100, 600_000),
    distDir: resolve(root, env.DIST_DIR || 'dist'),
    production: env.NODE_ENV === 'production',
    devPages: devPages(env, publicUrl),
    platformHost: platform,
    cookieDomain: cookieDomain(env, publicUrl, platform),
    allowedParentOrigins: (env.ALLOWED_PARENT_ORIGINS ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => origin('ALLOWED_PARENT_ORIGINS', value)),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Frontdoor <no-reply@localhost>',
    pwnedPasswordsUrl: serviceUrl('PWNED_PASSWORDS_URL', env.PWNED_PASSWORDS_URL),
    tokenTtlSeconds: integer('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 8 * 3600, 60, 30 * 24 * 3600),
    refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL_SECONDS', env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600, 60, 365 * 24 * 3600),
    tokenAudience: audience(env.TOKEN_AUDIENCE),
    signingKey: env.SIGNING_KEY || undefined,
    totpKey: totpKey(env.TOTP_KEY),
    trustProxyHops: integer('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 0, 0, 10),
    logLevel: env.LOG_LEVEL || 'info',
    auditRetentionDays: integer('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 90, 1, 3650),
  };
}
