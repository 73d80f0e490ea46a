/**
 * The whole run: the flows of flows 4 at API level, in an order that suits the server's
 * throttles. Failed passwords and codes are interleaved with successful logins, which reset the
 * account's failure count, so the run never comes near a lock-out; the refusals of request bodies
 * come before TOTP is enabled, while the right password alone would still sign in.
 */
import { createApiClient } from './http';
import { loadContract } from './document';
import { createReport, type Print } from './report';
import { createResponseValidator } from './validator';
import type { ContractOptions } from './options';
import type { CheckRun } from './checks/check-run';
import { provisionAccount } from './checks/provision';
import { checkSsoModes } from './checks/sso-mode';
import { checkClientErrors } from './checks/client-errors';
import { checkPasswordLogin } from './checks/password-login';
import { checkSession } from './checks/session';
import { checkBodyRefusals, checkTokenRefusals } from './checks/refusals';
import { checkEmailRefusals } from './checks/email-refusals';
import { checkMailRequests, checkSecureAccount, checkSetPasswordRefusals } from './checks/mail-and-password';
import { checkMfaLogin, checkMfaSetup } from './checks/mfa';
import { checkRecoveryCodes } from './checks/recovery-codes';
import { checkLogout, checkTermsAcceptance } from './checks/terms-and-logout';
import { checkPasskeys } from './checks/passkeys';
import { checkOwnSessions } from './checks/own-sessions';
import { checkOidcFinish } from './checks/oidc';
import { checkDisabledAccount } from './checks/directory';
import { checkIdentityProviderCallback } from './checks/identity-provider-callback';

export interface RunResult {
  passed: number;
  failed: number;
}

async function runFlows(run: CheckRun): Promise<void> {
  await checkSsoModes(run);
  await checkIdentityProviderCallback(run);
  await checkClientErrors(run);
  const signedIn = await checkPasswordLogin(run);
  // Deactivating the account ends its sessions: the checks after go on with the one after it is taken back.
  const passwordSession = signedIn && run.directory ? await checkDisabledAccount(run, run.directory) : signedIn;
  if (!passwordSession) {
    run.report.note(
      'the remaining checks need a session token from a password login; not run (the account needs a password and no TOTP yet, and every run enables TOTP on it)',
    );
    return;
  }
  const facts = await checkSession(run, passwordSession);
  // While the password session is fresh and the account has no TOTP: it may add a passkey.
  await checkPasskeys(run, passwordSession);
  await checkOwnSessions(run, passwordSession);
  await checkOidcFinish(run, passwordSession);
  await checkTokenRefusals(run, passwordSession);
  await checkBodyRefusals(run);
  await checkEmailRefusals(run);
  await checkMailRequests(run);
  await checkSecureAccount(run);
  await checkSetPasswordRefusals(run, passwordSession);

  const mfa = await checkMfaSetup(run, passwordSession);
  const mfaSession = mfa ? await checkMfaLogin(run, mfa) : undefined;
  if (!mfa) run.report.note('TOTP is not enabled, so the logins with a code were not run');
  // The authenticator's replacement ends every other session of the account.
  const recovered = mfa && mfaSession ? await checkRecoveryCodes(run, mfa, mfaSession) : undefined;

  const session = recovered ?? mfaSession ?? passwordSession;
  await checkTermsAcceptance(run, session, { userId: facts?.claims.userId, termsVersion: facts?.termsVersion });
  await checkLogout(run, session);
}

/** Runs every check against the server of `options`, printing as it goes; ends with "N passed, M failed". */
export async function runContractChecks(options: ContractOptions, print: Print): Promise<RunResult> {
  const contract = loadContract();
  const api = createApiClient(options.baseUrl, contract, createResponseValidator(contract));
  const report = createReport(api, print);
  print(`Checking ${options.baseUrl} against openapi/auth.yaml`);

  const account = options.account.kind === 'given' ? options.account : await provisionAccount(api, report, options.account.devMailUrl);
  if (account) await runFlows({ api, report, account, directory: options.directory, oidcContext: options.oidcContext });
  else report.note('no account to sign in with; the remaining checks were not run');

  print(`${report.passed} passed, ${report.failed} failed`);
  return { passed: report.passed, failed: report.failed };
}
