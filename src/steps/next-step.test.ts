import { describe, expect, it } from 'vitest';
import { afterCode, afterMfaConfirmation, afterOrganizations, afterPasskey, afterPassword, afterTermsAccepted, afterTermsLoad } from './next-step';
import type { CodeLoginResult, LoginResult } from '../api/sign-in';
import type { PasskeySignInResult } from '../api/passkey-sign-in';
import type { MfaConfirmResult } from '../api/mfa';
import type { CurrentOrganization, Organization, OrganizationsResult, TermsSubjectResult, User } from '../api/organizations';

const credentials = { email: 'ada@example.com', password: 'Correct-Horse-1' };
const failed = { kind: 'failed', status: 500 } as const;
const rateLimited = { kind: 'rate-limited', retryAfterSeconds: 30 } as const;

describe('after the password (flows 4.3, 4.4)', () => {
  it.each<[string, LoginResult, ReturnType<typeof afterPassword>]>([
    [
      'a sign-in with an MFA policy goes on to MFA setup with context, token, policy and the terms accepted',
      { kind: 'signed-in', context: 'acme', token: 't', policy: 'OPTIONAL', termsAccepted: ['acme'] },
      { kind: 'mfa-setup', context: 'acme', token: 't', policy: 'OPTIONAL', termsAccepted: ['acme'] },
    ],
    [
      'a sign-in without a policy is complete, with the terms it says are accepted',
      { kind: 'signed-in', context: 'acme', token: 't', policy: undefined, termsAccepted: ['acme'] },
      { kind: 'signed-in', token: 't', termsAccepted: ['acme'] },
    ],
    [
      'a sign-in whose password is known to attackers says so to MFA setup (flows 4.17)',
      { kind: 'signed-in', context: 'acme', token: 't', policy: 'OPTIONAL', passwordCompromised: true },
      { kind: 'mfa-setup', context: 'acme', token: 't', policy: 'OPTIONAL', passwordCompromised: true },
    ],
    [
      'a complete sign-in whose password is known to attackers says so (flows 4.17)',
      { kind: 'signed-in', context: 'acme', token: 't', policy: undefined, passwordCompromised: true },
      { kind: 'signed-in', token: 't', passwordCompromised: true },
    ],
    ['a request for a code goes on to the code with the e-mail and password', { kind: 'mfa-required' }, { kind: 'code', credentials }],
    ['wrong credentials stay on the password', { kind: 'invalid-credentials' }, { kind: 'wrong-credentials' }],
    ['a wrong code without a code sent stays on the password', { kind: 'invalid-code' }, { kind: 'wrong-credentials' }],
    ['too many attempts say how long to wait', rateLimited, { kind: 'failure', operation: 'login', result: rateLimited }],
    ['any other answer is a general error', failed, { kind: 'failure', operation: 'login', result: failed }],
  ])('%s', (_, result, step) => {
    expect(afterPassword(result, credentials)).toEqual(step);
  });
});

describe('after the code of a sign-in (flows 4.3, 4.5)', () => {
  it.each<[string, LoginResult | CodeLoginResult, ReturnType<typeof afterCode>]>([
    [
      'a sign-in is complete, whatever the policy, with the terms it says are accepted',
      { kind: 'signed-in', context: 'acme', token: 't', policy: 'OPTIONAL', termsAccepted: [] },
      { kind: 'signed-in', token: 't', termsAccepted: [] },
    ],
    [
      'a sign-in with a recovery code says how many are left',
      { kind: 'signed-in', context: 'acme', token: 't', policy: undefined, recoveryCodesLeft: 2 },
      { kind: 'signed-in', token: 't', recoveryCodesLeft: 2 },
    ],
    ['a wrong code stays on the code', { kind: 'invalid-code' }, { kind: 'wrong-code' }],
    ['a code asked for again stays on the code', { kind: 'mfa-required' }, { kind: 'wrong-code' }],
    [
      'a password changed meanwhile goes back to the password of the e-mail',
      { kind: 'invalid-credentials' },
      { kind: 'password', email: 'ada@example.com', expired: false },
    ],
    [
      'a sign-in no longer pending goes back to the password, saying so',
      { kind: 'sign-in-expired' },
      { kind: 'password', email: 'ada@example.com', expired: true },
    ],
    ['too many attempts say how long to wait', rateLimited, { kind: 'failure', operation: 'login', result: rateLimited }],
    ['any other answer is a general error', failed, { kind: 'failure', operation: 'login', result: failed }],
  ])('%s', (_, result, step) => {
    expect(afterCode(result, credentials.email)).toEqual(step);
  });
});

describe('after a passkey (flows 4.14)', () => {
  it.each<[string, PasskeySignInResult, ReturnType<typeof afterPasskey>]>([
    [
      'a sign-in is complete, as after a password and code',
      { kind: 'signed-in', context: 'acme', token: 't', termsAccepted: ['acme'] },
      { kind: 'signed-in', token: 't', termsAccepted: ['acme'] },
    ],
    ['a refused passkey stays on the e-mail step', { kind: 'rejected' }, { kind: 'passkey-refused', sso: false }],
    ['an account that signs in through SAML only stays on the e-mail step, saying so', { kind: 'sso-required' }, { kind: 'passkey-refused', sso: true }],
    ['too many attempts say how long to wait', rateLimited, { kind: 'failure', operation: 'passkey-sign-in', result: rateLimited }],
    ['any other answer is a general error', failed, { kind: 'failure', operation: 'passkey-sign-in', result: failed }],
  ])('%s', (_, result, step) => {
    expect(afterPasskey(result)).toEqual(step);
  });
});

describe('after the code that confirms TOTP (flows 4.6)', () => {
  it.each<[string, MfaConfirmResult, ReturnType<typeof afterMfaConfirmation>]>([
    [
      'a confirmation with the full session and recovery codes shows the codes with it',
      { kind: 'confirmed', token: 'full', recoveryCodes: ['7KQ4-M2XD-9PLA'] },
      { kind: 'recovery-codes', token: 'full', codes: ['7KQ4-M2XD-9PLA'] },
    ],
    [
      'a confirmation without recovery codes completes the sign-in',
      { kind: 'confirmed', token: 'full', recoveryCodes: [] },
      { kind: 'signed-in', token: 'full' },
    ],
    [
      'a confirmation without a token completes it with the setup token',
      { kind: 'confirmed', token: undefined, recoveryCodes: [] },
      { kind: 'signed-in', token: 'setup' },
    ],
    ['a wrong code stays on the code', { kind: 'invalid-code' }, { kind: 'wrong-code' }],
    ['a code of a secret set up meanwhile, asked for, is a wrong code', { kind: 'current-code-required' }, { kind: 'wrong-code' }],
    ['too many attempts say how long to wait', rateLimited, { kind: 'failure', operation: 'mfa-confirm', result: rateLimited }],
    ['any other answer is a general error', failed, { kind: 'failure', operation: 'mfa-confirm', result: failed }],
  ])('%s', (_, result, step) => {
    expect(afterMfaConfirmation(result, 'setup')).toEqual(step);
  });
});

const acme: Organization = { id: 'org-1', context: 'acme', name: 'Acme', logo: '', enabled: true };

describe('after the organisations have loaded (flows 4.7)', () => {
  it.each<[string, OrganizationsResult, ReturnType<typeof afterOrganizations>]>([
    ['the organisations are the list to choose from', { kind: 'organizations', organizations: [acme] }, { kind: 'choose', organizations: [acme] }],
    ['a session the API no longer takes signs out', { kind: 'unauthorized' }, { kind: 'logout' }],
    ['any other answer is a general error', failed, { kind: 'failure', operation: 'organizations', result: failed }],
  ])('%s', (_, result, step) => {
    expect(afterOrganizations(result)).toEqual(step);
  });
});

const organization: CurrentOrganization = { ...acme, termsAndConditions: { version: 3, content: { en: '/terms.pdf' } }, language: { default: 'en' } };
const userWho = (acceptedVersion: number | undefined): User => ({
  id: 'user-1',
  email: 'ada@example.com',
  language: 'de',
  termsAndConditions: acceptedVersion === undefined ? {} : { acme: { acceptedVersion } },
});
const loaded = (user: User): TermsSubjectResult => ({ kind: 'loaded', organization, user });

describe('after the terms have loaded (flows 4.8, 4.9)', () => {
  it.each<[string, TermsSubjectResult, ReturnType<typeof afterTermsLoad>]>([
    ['a user who accepted the current version goes into the app', loaded(userWho(3)), { kind: 'app', context: 'acme' }],
    ['a user who accepted an older version ticks the box', loaded(userWho(2)), { kind: 'agree', organization }],
    ['a user who never accepted ticks the box', loaded(userWho(undefined)), { kind: 'agree', organization }],
    ['a failed load is reported and ends on Login', failed, { kind: 'login', failed: { operation: 'terms-load', status: 500 } }],
    ['a refused session goes through Logout', { ...failed, status: 401 } as TermsSubjectResult, { kind: 'logout' }],
  ])('%s', (_, result, step) => {
    expect(afterTermsLoad(result, 'acme')).toEqual(step);
  });
});

describe('after Save on the terms (flows 4.8, 4.9)', () => {
  it('goes into the app once the terms are accepted', () => {
    expect(afterTermsAccepted({ kind: 'accepted' }, 'acme')).toEqual({ kind: 'app', context: 'acme' });
  });

  it('shows a general error when the acceptance failed', () => {
    expect(afterTermsAccepted(failed, 'acme')).toEqual({ kind: 'failure', operation: 'accept-terms', result: failed });
  });
});
