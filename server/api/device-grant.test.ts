import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { runAdmin } from '../admin/cli';
import { createOrganization, createUser } from '../admin/operations';
import { recordTermsAcceptance } from '../db/terms';
import { DEVICE_CODE_GRANT } from '../oidc/clients';
import { TestBrowser, discoveredApp, finish, interactionOf } from '../testing/oidc';

const PASSWORD = 'Correct-Horse-9';
/** Eight letters of the twenty without vowels (no 0/O, 1/I), in two groups. */
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

/** The device authorization grant (RFC 8628, flows 4.18, server/oidc/devices.ts). */
describe.each(testDatabases)('a device’s sign-in on $name', (target) => {
  let api: Api;
  let tv: client.Configuration;

  beforeAll(async () => {
    api = await openApi(target);
    await createOrganization(api.db, { context: 'acme', name: 'Acme' });
    const ada = await createUser(api.db, { email: 'ada@example.com', password: PASSWORD, contexts: ['acme'] });
    await recordTermsAcceptance(api.db, ada.id, 'acme', 0);
    await runAdmin(['create-client', '--id', 'tv', '--name', 'Living-room TV', '--device'], api.services, { env: {}, stdin: Readable.from([]) });
    tv = await discoveredApp(api.app, 'tv');
  });
  afterAll(() => api.close());

  /** One poll of the device at the token endpoint: its tokens, or the error it heard. */
  async function poll(deviceCode: string): Promise<{ error?: string; tokens?: client.TokenEndpointResponse }> {
    try {
      return { tokens: await client.genericGrantRequest(tv, DEVICE_CODE_GRANT, { device_code: deviceCode }) };
    } catch (error) {
      return { error: (error as { error?: string }).error ?? String(error) };
    }
  }

  /** The person types the code on the front door's code page; answers the page that follows. */
  async function typeCode(browser: TestBrowser, verificationUri: string, userCode: string) {
    const page = await browser.request('GET', verificationUri);
    expect(page.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)![1]!;
    return browser.request('POST', action, { form: { xsrf, user_code: userCode } });
  }

  /** Presses Confirm, or Cancel, on "Sign in on your device?". */
  function answerQuestion(browser: TestBrowser, question: string, cancel = false) {
    const form = Object.fromEntries([...question.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [match[1]!, match[2]!]));
    const action = /<form id="op.deviceConfirmForm" method="post" action="([^"]+)"/.exec(question)![1]!;
    return browser.request('POST', action, { form: cancel ? { ...form, abort: 'yes' } : form });
  }

  it('gives a device a short unambiguous code, where to type it, the whole link and the interval to poll at', async () => {
    const started = await client.initiateDeviceAuthorization(tv, { scope: 'openid email' });
    expect(started.user_code).toMatch(USER_CODE);
    expect(started.verification_uri).toBe('https://auth.example.test/oidc/device');
    expect(started.verification_uri_complete).toBe(`https://auth.example.test/oidc/device?user_code=${started.user_code}`);
    expect(started.interval).toBe(5);
    expect(started.expires_in).toBeGreaterThan(60);
    expect(tv.serverMetadata().device_authorization_endpoint).toBe('https://auth.example.test/oidc/device/auth');
  });

  it('signs the device in once its person typed the code, confirmed and signed in on the front door: pending, slow down, then tokens', async () => {
    const started = await client.initiateDeviceAuthorization(tv, { scope: 'openid email offline_access', prompt: 'consent' });
    expect(await poll(started.device_code)).toEqual({ error: 'authorization_pending' });
    // Sooner than the interval after the last poll.
    expect(await poll(started.device_code)).toEqual({ error: 'slow_down' });

    const browser = new TestBrowser(api.app);
    const question = await typeCode(browser, started.verification_uri, started.user_code.toLowerCase().replace('-', ' '));
    expect(question.body).toContain('Sign in on your device?');
    expect(question.body).toContain('<strong>Living-room TV</strong>');
    expect(question.body).toContain(started.user_code);
    const confirmed = await answerQuestion(browser, question.body);
    // On to the front door's own sign-in.
    const { uid } = interactionOf(new URL(confirmed.headers.location as string, 'https://auth.example.test'));
    const token = await browser.signIn('ada@example.com', PASSWORD);
    const finished = await finish(api.app, browser, uid, token, 'acme');
    expect(finished.statusCode, finished.body).toBe(200);
    const done = await browser.follow(finished.json<{ redirectTo: string }>().redirectTo);
    expect(done.answer.body).toContain('You can go back to your device');

    const { tokens, error } = await poll(started.device_code);
    expect(error).toBeUndefined();
    expect(tokens?.access_token).toBeTruthy();
    expect(tokens?.refresh_token).toBeTruthy();
    const info = await client.fetchUserInfo(tv, tokens!.access_token, client.skipSubjectCheck);
    expect(info.email).toBe('ada@example.com');
    // A device code signs in once.
    expect((await poll(started.device_code)).error).toBe('invalid_grant');
  });

  it('answers access_denied when the person cancels, and expired_token once the code has expired', async () => {
    const cancelled = await client.initiateDeviceAuthorization(tv, { scope: 'openid' });
    const browser = new TestBrowser(api.app);
    const question = await typeCode(browser, cancelled.verification_uri, cancelled.user_code);
    const page = await answerQuestion(browser, question.body, true);
    expect(page.body).toContain('Sign-in cancelled');
    expect(await poll(cancelled.device_code)).toEqual({ error: 'access_denied' });

    const expired = await client.initiateDeviceAuthorization(tv, { scope: 'openid' });
    await api.db.query(
      `UPDATE oidc_payloads SET payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch FROM now())::bigint - 1)) WHERE model = 'DeviceCode' AND payload->>'userCode' = $1`,
      [expired.user_code.replace('-', '')],
    );
    expect(await poll(expired.device_code)).toEqual({ error: 'expired_token' });
  });

  it('says on its page, in the person’s language, that a code is wrong, and counts the codes typed from one address', async () => {
    const browser = new TestBrowser(api.app, '198.51.100.140');
    const wrong = await typeCode(browser, 'https://auth.example.test/oidc/device?ui_locales=de', 'BCDF-GHJK');
    expect(wrong.body).toContain('Kein Gerät wartet auf diesen Code.');
    expect(wrong.body).toContain('aria-invalid="true"');
    for (let typed = 1; typed < 20; typed += 1) await typeCode(browser, 'https://auth.example.test/oidc/device', 'BCDF-GHJK');
    const page = await browser.request('GET', 'https://auth.example.test/oidc/device');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    expect((await browser.request('POST', '/oidc/device', { form: { xsrf, user_code: 'BCDF-GHJK' } })).statusCode).toBe(429);
  });

  it('takes the device grant only from a client registered for it', async () => {
    const notes = await discoveredApp(api.app, 'tv');
    expect(notes.serverMetadata().grant_types_supported).toContain(DEVICE_CODE_GRANT);
    await runAdmin(['create-client', '--id', 'web', '--redirect-uri', 'https://web.example.com/cb'], api.services, { env: {}, stdin: Readable.from([]) });
    await expect(client.initiateDeviceAuthorization(await discoveredApp(api.app, 'web'), { scope: 'openid' })).rejects.toMatchObject({
      error: 'unauthorized_client',
    });
  });
});
