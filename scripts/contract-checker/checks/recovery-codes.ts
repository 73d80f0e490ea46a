/**
 * Recovery codes (flows 4.5 and 4.6): a code from the setMfa confirmation stands in for the TOTP
 * code on `login` and on `loginWithCode`, once each, with how many are left; a signed-in user
 * renews the set with a TOTP code, after which the old codes no longer work. A recovery-code sign-in
 * (`amr` with `rec`) replaces the lost authenticator's secret without a code of it, once: the
 * replacement ends every session of the account, and answers the one session that goes on.
 */
import { decodeJwt } from 'jose';
import { expectError, expectStatus, expectThat, jsonBody, needs } from '../expect';
import type { Exchange } from '../http';
import type { Session } from '../tokens';
import { currentStep, readSetupUri, wrongCode } from '../totp';
import { afterStep, pendingSignInCookie, type EnabledMfa } from './mfa';
import { EMPTY_JSON_BODY, type CheckRun } from './check-run';

function expectCodesLeft(answer: Exchange, left: number): void {
  const body = jsonBody<{ recoveryCodesLeft?: number }>(answer);
  expectThat(body.recoveryCodesLeft === left, answer, `recoveryCodesLeft ${left}`, `recoveryCodesLeft ${String(body.recoveryCodesLeft)}`);
}

/** Answers the session the authenticator's replacement gave, the only one left of the account. */
export async function checkRecoveryCodes({ api, report, account }: CheckRun, mfa: EnabledMfa, { context, token }: Session): Promise<Session | undefined> {
  const { email, password } = account;
  const [first, second, third] = mfa.recoveryCodes;
  // The TOTP code of this step may have been spent by the logins before.
  const spent = currentStep();

  await report.check(
    'login with a recovery code (lower case, no dashes) answers 200 with recoveryCodesLeft 9, and the same code again 401 invalid_code',
    async () => {
      const typed = needs(first, 'a recovery code').toLowerCase().replaceAll('-', '');
      const answer = await api.send({ operationId: 'login', json: { email, password, challenge: typed } });
      expectStatus(answer, 200);
      expectCodesLeft(answer, 9);
      expectError(await api.send({ operationId: 'login', json: { email, password, challenge: typed } }), 401, 'invalid_code');
    },
  );

  await report.check('loginWithCode with a recovery code completes the pending sign-in with recoveryCodesLeft 8', async () => {
    const pending = await api.send({ operationId: 'login', json: { email, password } });
    expectError(pending, 401, 'mfa_required');
    const answer = await api.send({
      operationId: 'loginWithCode',
      json: { challenge: needs(second, 'a recovery code') },
      cookie: pendingSignInCookie(pending),
    });
    expectStatus(answer, 200);
    expectCodesLeft(answer, 8);
  });

  const renew = (challenge: string) => api.send({ operationId: 'renewRecoveryCodes', params: { context }, token, json: { challenge } });

  await report.check('renewRecoveryCodes with a wrong TOTP code answers 400 invalid_code', async () => {
    expectError(await renew(wrongCode(mfa.authenticator, currentStep())), 400, 'invalid_code');
  });

  await afterStep(report, spent, 'the logins before');
  const renewed = await report.check(
    'renewRecoveryCodes with a TOTP code answers 200 with ten new codes; an old code then answers 401 invalid_code, a new one 200',
    async () => {
      const answer = await renew(mfa.authenticator.codeAt(currentStep()));
      expectStatus(answer, 200);
      const old = needs(third, 'a recovery code');
      const { recoveryCodes } = jsonBody<{ recoveryCodes: string[] }>(answer);
      const [fresh] = recoveryCodes;
      expectThat(
        new Set(recoveryCodes).size === 10 && fresh !== undefined && !recoveryCodes.includes(old),
        answer,
        'ten new codes',
        JSON.stringify(recoveryCodes),
      );
      expectError(await api.send({ operationId: 'login', json: { email, password, challenge: old } }), 401, 'invalid_code');
      const signedIn = await api.send({ operationId: 'login', json: { email, password, challenge: fresh } });
      expectStatus(signedIn, 200);
      expectCodesLeft(signedIn, 9);
      return recoveryCodes;
    },
  );

  return report.check(
    'a login with a recovery code answers a session whose amr includes rec; with it setMfa replaces TOTP without currentChallenge, once, and every other session ends',
    async () => {
      const code = needs(renewed?.[1], 'a renewed recovery code');
      const signedIn = await api.send({ operationId: 'login', json: { email, password, challenge: code } });
      expectStatus(signedIn, 200);
      const recovered = jsonBody<{ token: string; context: string }>(signedIn);
      const { amr } = decodeJwt(recovered.token);
      expectThat(Array.isArray(amr) && amr.includes('rec'), signedIn, 'amr with rec', `amr ${JSON.stringify(amr)}`);
      const as = { params: { context: recovered.context }, token: recovered.token };
      const setup = await api.send({ operationId: 'setMfa', ...as, raw: EMPTY_JSON_BODY });
      expectStatus(setup, 200);
      const replacement = readSetupUri(setup.body);
      const confirmed = await api.send({ operationId: 'setMfa', ...as, json: { mfaSecret: replacement.secret, challenge: replacement.codeAt(currentStep()) } });
      expectStatus(confirmed, 200);
      const goesOn = jsonBody<{ token: string }>(confirmed).token;
      const goesOnAmr = decodeJwt(goesOn).amr;
      expectThat(Array.isArray(goesOnAmr) && !goesOnAmr.includes('rec'), confirmed, 'amr without rec', `amr ${JSON.stringify(goesOnAmr)}`);
      expectError(await api.send({ operationId: 'setMfa', ...as, raw: EMPTY_JSON_BODY }), 401, 'invalid_token');
      expectError(await api.send({ operationId: 'getUserOrganizations', params: { context }, token }), 401, 'invalid_token');
      expectStatus(await api.send({ operationId: 'getUserOrganizations', params: { context }, token: goesOn }), 200);
      return { context: recovered.context, token: goesOn };
    },
  );
}
