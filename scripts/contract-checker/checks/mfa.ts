/**
 * TOTP (flows 4.5 and 4.6): setup and confirmation, then the login that asks for a
 * code, refuses a wrong one, takes the right one once and refuses it the second time; and the
 * code step of a pending sign-in, which takes the code alone, once.
 */
import { decodeJwt } from 'jose';
import { expectError, expectStatus, expectThat, jsonBody, needs } from '../expect';
import type { Exchange } from '../http';
import { sessionTypeProblems, type Session } from '../tokens';
import { currentStep, readSetupUri, untilStep, wrongCode, type Authenticator } from '../totp';
import { EMPTY_JSON_BODY, type CheckRun } from './check-run';

/** After a step boundary, so client and server clocks a little apart still agree on the step. */
const STEP_MARGIN_MS = 500;

function expectNoMfaHeader(answer: Exchange): void {
  const header = answer.headers.get('www-authenticate');
  expectThat(header !== 'MFA', answer, 'no www-authenticate MFA', 'www-authenticate MFA');
}

export interface EnabledMfa {
  authenticator: Authenticator;
  /** The TOTP step whose code confirmed the setup. */
  confirmedStep: number;
  /** The recovery codes the confirmation gave. */
  recoveryCodes: string[];
}

/** Enables TOTP for the session's user. */
export async function checkMfaSetup({ api, report }: CheckRun, { context, token }: Session): Promise<EnabledMfa | undefined> {
  const confirm = (mfaSecret: string, challenge: string) => api.send({ operationId: 'setMfa', params: { context }, token, json: { mfaSecret, challenge } });

  const setupName = 'setMfa without a body answers 200 with an otpauth://totp/ URI holding secret and issuer (SHA1, 6 digits, 30 s)';
  const authenticator = await report.check(setupName, async () => {
    const answer = await api.send({ operationId: 'setMfa', params: { context }, token, raw: EMPTY_JSON_BODY });
    expectStatus(answer, 200);
    return readSetupUri(answer.body);
  });

  await report.check('setMfa with a JSON null body answers 400 validation_failed, not a new secret', async () => {
    const answer = await api.send({ operationId: 'setMfa', params: { context }, token, raw: { body: 'null', contentType: 'application/json' } });
    expectError(answer, 400, 'validation_failed');
  });

  await report.check('setMfa with a wrong code answers 400 invalid_code', async () => {
    const setup = needs(authenticator, 'the setup secret');
    const answer = await confirm(setup.secret, wrongCode(setup, currentStep()));
    expectError(answer, 400, 'invalid_code');
  });

  const confirmed = await report.check(
    'setMfa with the right code answers 200 with a session token (typ session+jwt) whose amr includes otp, and ten distinct recovery codes',
    async () => {
      const setup = needs(authenticator, 'the setup secret');
      const step = currentStep();
      const answer = await confirm(setup.secret, setup.codeAt(step));
      expectStatus(answer, 200);
      const { token: issued, recoveryCodes } = jsonBody<{ token: string; recoveryCodes: string[] }>(answer);
      expectThat(new Set(recoveryCodes).size === 10, answer, 'ten distinct recovery codes', JSON.stringify(recoveryCodes));
      const payload = decodeJwt(issued);
      expectThat(Array.isArray(payload.amr) && payload.amr.includes('otp'), answer, 'amr with otp', `amr ${JSON.stringify(payload.amr)}`);
      const problems = sessionTypeProblems(issued, payload);
      expectThat(problems.length === 0, answer, 'a session token typed session+jwt for the API audience', problems.join('; '));
      return { step, recoveryCodes, token: issued };
    },
  );
  const confirmedStep = confirmed?.step;

  await report.check('replacing TOTP with a session that proved the password but not the code answers 403 recent_sign_in_required', async () => {
    needs(confirmedStep, 'TOTP enabled');
    expectError(await api.send({ operationId: 'setMfa', params: { context }, token, raw: EMPTY_JSON_BODY }), 403, 'recent_sign_in_required');
  });

  await report.check('replacing TOTP without a code of the secret in force answers 400 current_code_required', async () => {
    const full = needs(confirmed?.token, 'the session the confirmation answered');
    const setup = await api.send({ operationId: 'setMfa', params: { context }, token: full, raw: EMPTY_JSON_BODY });
    expectStatus(setup, 200);
    const replacement = readSetupUri(setup.body);
    const answer = await api.send({
      operationId: 'setMfa',
      params: { context },
      token: full,
      json: { mfaSecret: replacement.secret, challenge: replacement.codeAt(currentStep()) },
    });
    expectError(answer, 400, 'current_code_required');
  });

  return authenticator && confirmed ? { authenticator, confirmedStep: confirmed.step, recoveryCodes: confirmed.recoveryCodes } : undefined;
}

const PENDING_SIGN_IN_COOKIE = 'frontdoor_pending_sign_in';

/** The Set-Cookie of the pending sign-in, checked for the attributes the contract names; answers the Cookie to send back. */
export function pendingSignInCookie(answer: Exchange): string {
  const setCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${PENDING_SIGN_IN_COOKIE}=`));
  expectThat(setCookie !== undefined, answer, `a Set-Cookie of ${PENDING_SIGN_IN_COOKIE}`, 'none');
  const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase());
  const wanted = ['httponly', 'samesite=strict'];
  expectThat(
    wanted.every((attribute) => attributes.includes(attribute)) && attributes.some((attribute) => /^path=.*\/login$/.test(attribute)),
    answer,
    'HttpOnly, SameSite=Strict and a Path ending in /login',
    setCookie,
  );
  return setCookie.split(';', 1)[0]!;
}

/** Waits for the TOTP step after `spent`, when it has not begun: a server may take each step's code once. */
export async function afterStep(report: CheckRun['report'], spent: number, why: string): Promise<void> {
  if (currentStep() > spent) return;
  const waitMs = untilStep(spent + 1) + STEP_MARGIN_MS;
  report.note(`waiting ${Math.ceil(waitMs / 1000)} s for the next 30-second TOTP step: the code of this one was spent on ${why}`);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
}

export async function checkMfaLogin({ api, report, account }: CheckRun, mfa: EnabledMfa): Promise<Session | undefined> {
  const { email, password } = account;
  const { authenticator, confirmedStep } = mfa;
  const withCode = (challenge: string, cookie?: string) =>
    api.send({ operationId: 'loginWithCode', json: { challenge }, ...(cookie === undefined ? {} : { cookie }) });

  const pending = await report.check(
    'login without a code answers 401 mfa_required with www-authenticate MFA and the cookie of a pending sign-in',
    async () => {
      const answer = await api.send({ operationId: 'login', json: { email, password } });
      expectError(answer, 401, 'mfa_required');
      const header = answer.headers.get('www-authenticate');
      expectThat(header === 'MFA', answer, 'www-authenticate MFA', `www-authenticate ${header ?? '(absent)'}`);
      return pendingSignInCookie(answer);
    },
  );

  await report.check('loginWithCode without the pending sign-in cookie answers 401 sign_in_expired', async () => {
    expectError(await withCode(authenticator.codeAt(currentStep())), 401, 'sign_in_expired');
  });

  await report.check('loginWithCode with a wrong code answers 401 invalid_code', async () => {
    expectError(await withCode(wrongCode(authenticator, currentStep()), needs(pending, 'the pending sign-in cookie')), 401, 'invalid_code');
  });

  await report.check('login with a wrong code answers 401 invalid_code without www-authenticate MFA', async () => {
    const answer = await api.send({ operationId: 'login', json: { email, password, challenge: wrongCode(authenticator, currentStep()) } });
    expectError(answer, 401, 'invalid_code');
    expectNoMfaHeader(answer);
  });

  await afterStep(report, confirmedStep, 'the setMfa confirmation');
  const step = currentStep();
  const challenge = authenticator.codeAt(step);

  const session = await report.check('login with the right code answers 200 with {context, token}', async () => {
    const answer = await api.send({ operationId: 'login', json: { email, password, challenge } });
    expectStatus(answer, 200);
    return jsonBody<Session>(answer);
  });

  await report.check('login with the same code again answers 401 invalid_code (no replay)', async () => {
    const answer = await api.send({ operationId: 'login', json: { email, password, challenge } });
    expectError(answer, 401, 'invalid_code');
    expectNoMfaHeader(answer);
  });

  await afterStep(report, step, 'the login with the code');
  await report.check('loginWithCode with the pending sign-in cookie and the right code answers 200 with {context, token}, once', async () => {
    const cookie = needs(pending, 'the pending sign-in cookie');
    const answer = await withCode(authenticator.codeAt(currentStep()), cookie);
    expectStatus(answer, 200);
    const { token } = jsonBody<Session>(answer);
    const payload = decodeJwt(token);
    expectThat(Array.isArray(payload.amr) && payload.amr.includes('otp'), answer, 'amr with otp', `amr ${JSON.stringify(payload.amr)}`);
    expectError(await withCode(authenticator.codeAt(currentStep()), cookie), 401, 'sign_in_expired');
  });

  return session;
}
