import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../rules/email';
import { CONTEXT_PATTERN } from '../rules/context';
import { PRESS_CALLS } from '../src/router/press-calls';

const contract = parse(readFileSync(fileURLToPath(new URL('../openapi/auth.yaml', import.meta.url)), 'utf8')) as {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId?: string; security?: unknown[]; 'x-frontdoor-server-defined'?: boolean; responses?: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, { pattern?: string; maxLength?: number; format?: string }> };
};

// The operations the reference server counts against a rate limit (server/auth/rate-limit.ts).
const rateLimited = [
  'getSsoModeByEmail',
  'getSsoModeByContext',
  'getSamlLoginUrl',
  'samlAssertionConsumer',
  'confirmSamlSession',
  'login',
  'loginWithCode',
  'register',
  'forgotPassword',
  'setPassword',
  'renewRecoveryCodes',
  'setMfa',
  'reportClientError',
  'passkeySignInOptions',
  'signInWithPasskey',
  'passkeyRegistrationOptions',
  'addPasskey',
];

// The calls of flows 7, as method and path (setMfa serves both setup and confirmation; the passkey calls are flows 4.14, the session calls 4.16, the password notice 4.17, the end of an app's sign-in 4.18).
const section7: [string, string][] = [
  ['get', '/organization/{email}/ssoMode'],
  ['get', '/organization/ssoModeByContext/{context}'],
  ['get', '/saml2/{domain}/login'],
  ['post', '/login'],
  ['get', '/{aud}/logout'],
  ['post', '/register'],
  ['post', '/forgot-password'],
  ['post', '/{context}/user/setMfa'],
  ['post', '/set-password'],
  ['get', '/{context}/user/organizations'],
  ['get', '/{context}/organization/current'],
  ['get', '/{context}/user/{userId}'],
  ['post', '/{context}/user/acceptTermsAndConditions'],
  ['post', '/passkeys/sign-in/options'],
  ['post', '/passkeys/sign-in'],
  ['get', '/{context}/user/passkeys'],
  ['post', '/{context}/user/passkeys/options'],
  ['post', '/{context}/user/passkeys'],
  ['delete', '/{context}/user/passkeys/{passkeyId}'],
  ['get', '/{context}/user/sessions'],
  ['post', '/{context}/user/sessions/sign-out'],
  ['delete', '/{context}/user/sessions/{sessionId}'],
  ['post', '/{context}/user/password-notice'],
  ['post', '/oidc/interactions/{uid}'],
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ method, path, ...operation })),
);

describe('the auth API contract', () => {
  it('is OpenAPI 3.1', () => {
    expect(contract.openapi).toMatch(/^3\.1\./);
  });

  it.each(section7)('describes %s %s of flows 7', (method, path) => {
    expect(contract.paths[path]?.[method]?.operationId).toBeTruthy();
  });

  it('gives e-mail addresses the one rule of flows 5 that the app and the server share', () => {
    const email = contract.components.schemas.Email!;
    expect(email.pattern).toBe(EMAIL_PATTERN.source);
    expect(email.maxLength).toBe(EMAIL_MAX_LENGTH);
    expect(email.format).toBeUndefined();
  });

  it.each(rateLimited)('lists the 429 that %s can answer', (operationId) => {
    expect(Object.keys(operations.find((op) => op.operationId === operationId)?.responses ?? {})).toContain('429');
  });

  it('marks every operation beyond section 7 as defined for the server side', () => {
    const extra = operations.filter((op) => !section7.some(([method, path]) => method === op.method && path === op.path));
    expect(extra.map((op) => op.operationId).sort()).toEqual([
      'confirmSamlSession',
      'getHealth',
      'getJwks',
      'loginWithCode',
      'oidcIdentityProviderCallback',
      'renewRecoveryCodes',
      'reportClientError',
      'samlAssertionConsumer',
      'secureAccount',
    ]);
    expect(extra.every((op) => op['x-frontdoor-server-defined'] === true)).toBe(true);
  });

  it('gives contexts the rule the app and the server share, the one that lets a context name a cookie', () => {
    expect(contract.components.schemas.Context!.pattern).toBe(CONTEXT_PATTERN.source);
  });

  it('asks no credentials of a call a page sends with a press before its script, which goes without cookies', () => {
    const calls = Object.values(PRESS_CALLS);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      // The page fills the form's field into the braces; the contract names the parameter its own way.
      const path = Object.keys(contract.paths).find((candidate) => candidate.replace(/{\w+}/g, '{}') === call.replace(/{\w+}/g, '{}'));
      expect(path, call).toBeDefined();
      expect(contract.paths[path!]!.get?.security, call).toEqual([]);
    }
  });
});
