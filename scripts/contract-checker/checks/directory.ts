/**
 * A person whose organisation's directory deactivates them (SCIM, RFC 7644) signs in nowhere: the
 * right password answers 403 `account_disabled` (contract, ErrorCode). Run only when the checker
 * is given the directory's SCIM base and a token of an organisation the account belongs to; the
 * account is deactivated, checked, and taken back, and signs in again for the checks after.
 */
import { expectError, expectStatus, expectThat, jsonBody } from '../expect';
import type { Session } from '../tokens';
import type { CheckRun, Directory } from './check-run';

const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** One SCIM call with the directory's token, its body as JSON (or none). */
async function scim(directory: Directory, method: 'GET' | 'PATCH', path: string, body?: object): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${directory.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${directory.token}`, accept: 'application/scim+json', ...(body ? { 'content-type': 'application/scim+json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const active = (value: boolean) => ({ schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: value ? 'True' : 'False' }] });

/** A fresh session once the account is taken back, for the checks after; undefined when any step failed. */
export async function checkDisabledAccount({ api, report, account }: CheckRun, directory: Directory): Promise<Session | undefined> {
  const id = await report.check('the directory finds the account by userName (SCIM)', async () => {
    const found = await scim(directory, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${account.email}"`)}`);
    const resources = (found.json as { Resources?: { id?: unknown }[] } | undefined)?.Resources ?? [];
    const first = resources[0]?.id;
    expectThat(
      found.status === 200 && typeof first === 'string',
      undefined,
      `200 with the account among Resources at ${directory.url}/Users`,
      `${found.status}`,
    );
    return first;
  });
  if (!id) return undefined;

  const deactivated = await report.check('the directory deactivates the account (SCIM PATCH active "False")', async () => {
    const patched = await scim(directory, 'PATCH', `/Users/${id}`, active(false));
    expectThat(patched.status === 200, undefined, '200 from the SCIM PATCH', `${patched.status}`);
    return true;
  });
  if (!deactivated) return undefined;

  await report.check('login with the right password of a deactivated account answers 403 account_disabled', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: account.password } });
    expectError(answer, 403, 'account_disabled');
  });

  const taken = await report.check('the directory takes the account back (SCIM PATCH active "True")', async () => {
    const patched = await scim(directory, 'PATCH', `/Users/${id}`, active(true));
    expectThat(patched.status === 200, undefined, '200 from the SCIM PATCH', `${patched.status}`);
    return true;
  });
  if (!taken) return undefined;

  return report.check('login with the right password answers 200 again once the account is taken back', async () => {
    const answer = await api.send({ operationId: 'login', json: { email: account.email, password: account.password } });
    expectStatus(answer, 200);
    return jsonBody<Session>(answer);
  });
}
