import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { testDatabases } from '../testing/databases';
import { call, login, openApi, type Api } from '../testing/api';
import { accountOf, sessionSignedIn } from '../testing/accounts';
import { runAdmin, type AdminInput } from './cli';
import { findOrganization } from '../db/organizations';
import { findUserByEmail } from '../db/users';
import { isMember } from '../db/memberships';
import { readOutbox } from '../mail/mail-queue';
import { verifyPassword } from '../auth/passwords';
import { createServices } from '../create-services';
import { TEST_PUBLIC_URL } from '../testing/app';

describe.each(testDatabases)('the admin command on $name', (target) => {
  let api: Api;
  /** No password anywhere but where a test puts it. */
  const noInput = (): AdminInput => ({ env: {}, stdin: Readable.from([]) });
  const admin = (line: string, input: AdminInput = noInput()) => runAdmin(line.split(' '), api.services, input);

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(() => api.close());

  it('creates an organisation with its SSO mode, MFA policy and registration flag', async () => {
    expect(await admin('create-organization --context acme --name Acme --sso-mode LOGIN_SAML --mfa-policy REQUIRED --open-registration')).toMatch(/Created/);
    expect(await findOrganization(api.db, 'acme')).toMatchObject({ sso_mode: 'LOGIN_SAML', mfa_policy: 'REQUIRED', open_registration: true, enabled: true });
  });

  it('creates a user in organisations with a password read from standard input', async () => {
    await admin('create-user --email grace@example.com --password-stdin --language de --context acme', {
      env: {},
      stdin: Readable.from(['Hopper-Navy-1\n']),
    });
    const user = (await findUserByEmail(api.db, 'grace@example.com'))!;
    expect(user.language).toBe('de');
    expect(await verifyPassword(user.password_hash, 'Hopper-Navy-1')).toBe(true);
    expect(await isMember(api.db, user.id, 'acme')).toBe(true);
  });

  it('creates a user with the password in FRONTDOOR_PASSWORD', async () => {
    await admin('create-user --email ada@example.com', { env: { FRONTDOOR_PASSWORD: 'Lovelace-Engine-2' }, stdin: Readable.from([]) });
    const user = (await findUserByEmail(api.db, 'ada@example.com'))!;
    expect(await verifyPassword(user.password_hash, 'Lovelace-Engine-2')).toBe(true);
  });

  it('refuses a password that breaks the rules of a new password, and creates no user', async () => {
    await expect(admin('create-user --email short@example.com', { env: { FRONTDOOR_PASSWORD: 'Short-1' }, stdin: Readable.from([]) })).rejects.toThrow(
      /The password needs 9 to 1024 characters/,
    );
    await expect(
      admin('create-user --email plain@example.com', { env: { FRONTDOOR_PASSWORD: 'lowercase-only-words' }, stdin: Readable.from([]) }),
    ).rejects.toThrow(/needs an uppercase letter, a digit/);
    expect(await findUserByEmail(api.db, 'short@example.com')).toBeUndefined();
    expect(await findUserByEmail(api.db, 'plain@example.com')).toBeUndefined();
  });

  it('creates a user whose password attackers try first, and says that each sign-in will ask for a new one', async () => {
    const said = await admin('create-user --email old.habits@example.com --context acme', {
      env: { FRONTDOOR_PASSWORD: 'Welcome2024' },
      stdin: Readable.from([]),
    });
    expect(said).toMatch(/Created user old\.habits@example\.com in acme\. Its password is one attackers try first/);
    expect(await verifyPassword((await findUserByEmail(api.db, 'old.habits@example.com'))!.password_hash, 'Welcome2024')).toBe(true);
    expect(await admin('create-user --email rare@example.com', { env: { FRONTDOOR_PASSWORD: 'Quartz-Vellum-Tundra-94' }, stdin: Readable.from([]) })).toBe(
      'Created user rare@example.com.',
    );
  });

  it('refuses a password on the command line, where ps and shell history see it', async () => {
    await expect(admin('create-user --email linus@example.com --password Secret-Pass-3')).rejects.toThrow(
      /--password is not taken.*--password-stdin or FRONTDOOR_PASSWORD/,
    );
    await expect(admin('create-user --email linus@example.com --password=Secret-Pass-3')).rejects.toThrow(/--password is not taken/);
    await expect(admin('create-user --email linus@example.com --password-stdin')).rejects.toThrow(/standard input held no password/);
    expect(await findUserByEmail(api.db, 'linus@example.com')).toBeUndefined();
  });

  it('takes contexts in the contract’s context pattern only', async () => {
    for (const context of ['-acme', 'ac me', 'acme=1;Max-Age=31536000', 'a'.repeat(64), 'acmé']) {
      await expect(runAdmin(['create-organization', `--context=${context}`, '--name', 'Bad'], api.services, noInput())).rejects.toThrow(/--context must be/);
    }
    await expect(admin('create-user --email hedy@example.com --context acme --context ac;me')).rejects.toThrow(/--context must be.*"ac;me"/);
    expect(await findUserByEmail(api.db, 'hedy@example.com')).toBeUndefined();
    expect(await admin('create-organization --context Z_9-z --name Fine')).toMatch(/Created organisation Z_9-z/);
  });

  it.each([
    ['no at sign', 'grace'],
    ['no local part', '@example.com'],
    ['a domain without a dot', 'grace@example'],
    ['spaces', 'grace hopper@example.com'],
  ])('refuses an e-mail that is %s, for create-user and invite', async (_case, address) => {
    await expect(runAdmin(['create-user', '--email', address], api.services, noInput())).rejects.toThrow(/--email must be one e-mail address/);
    await expect(runAdmin(['invite', '--email', address, '--context', 'acme'], api.services, noInput())).rejects.toThrow(/--email must be one e-mail address/);
    expect(await findUserByEmail(api.db, address)).toBeUndefined();
  });

  it('invites a new user and sends the invitation mail with a signup link', async () => {
    await admin('invite --email new.hire@example.com --context acme --language fr');
    // As `npm run admin` does once the command has run (scripts/admin.ts).
    await api.services.mail.drain();
    const [mail] = await readOutbox(api.db, 1);
    expect(mail!.to).toBe('new.hire@example.com');
    expect(mail!.subject).toContain('Acme');
    expect(mail!.links[0]).toMatch(/^https:\/\/auth\.example\.test\/signup\?token=/);
    const user = (await findUserByEmail(api.db, 'new.hire@example.com'))!;
    expect(await isMember(api.db, user.id, 'acme')).toBe(true);
  });

  it('sets the SSO mode, the MFA policy and the terms version with content', async () => {
    await admin('set-sso-mode --context acme --mode SAML_ONLY');
    await admin('set-mfa-policy --context acme --policy OPTIONAL');
    await admin('set-terms --context acme --version 3 --content-en https://example.com/t.pdf||https://example.com/p.pdf');
    expect(await findOrganization(api.db, 'acme')).toMatchObject({
      sso_mode: 'SAML_ONLY',
      mfa_policy: 'OPTIONAL',
      terms_version: 3,
      terms_content: { en: 'https://example.com/t.pdf||https://example.com/p.pdf' },
    });
  });

  it('sets the organisation’s identity provider from a certificate file', async () => {
    const { createDevIdentityProvider } = await import('../dev/identity-provider');
    const idp = await createDevIdentityProvider({});
    const file = join(mkdtempSync(join(tmpdir(), 'frontdoor-cert-')), 'idp.pem');
    writeFileSync(file, idp.certificate);
    await admin(`set-saml --context acme --entry-point https://idp.example.com/sso --issuer urn:example:idp --certificate-file ${file}`);
    expect(await findOrganization(api.db, 'acme')).toMatchObject({
      saml_entry_point: 'https://idp.example.com/sso',
      saml_idp_issuer: 'urn:example:idp',
      saml_idp_cert: idp.certificate,
    });
    await expect(admin(`set-saml --context acme --entry-point ftp://x --issuer i --certificate-file ${file}`)).rejects.toThrow(/--entry-point/);
  });

  it('takes an http entry point only for the development identity provider on this machine, while the development pages are on', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'frontdoor-cert-')), 'idp.pem');
    const { createDevIdentityProvider } = await import('../dev/identity-provider');
    writeFileSync(file, (await createDevIdentityProvider({})).certificate);
    const setSamlTo = (url: string) => `set-saml --context acme --entry-point ${url} --issuer urn:example:idp --certificate-file ${file}`.split(' ');
    const local = setSamlTo('http://127.0.0.1:8080/dev/idp/sso');
    const production = { ...api.services, config: { ...api.services.config, devPages: false } };
    await expect(runAdmin(local, production, noInput())).rejects.toThrow(/--entry-point must be an https URL/);
    expect((await findOrganization(api.db, 'acme'))!.saml_entry_point).toBe('https://idp.example.com/sso');
    const development = { ...api.services, config: { ...api.services.config, devPages: true } };
    expect(await runAdmin(local, development, noInput())).toMatch(/is http:\/\/127\.0\.0\.1:8080\/dev\/idp\/sso/);
    for (const url of ['http://idp.example.com/sso', 'http://127.0.0.1:8080/elsewhere', 'javascript:alert(1)']) {
      await expect(runAdmin(setSamlTo(url), development, noInput())).rejects.toThrow(/--entry-point/);
    }
  });

  it('sets the e-mail domains of an organisation, refusing one another organisation has', async () => {
    await admin('create-organization --context initech --name Initech --domain initech.example');
    expect(await admin('set-domains --context acme --domain acme.example --domain ACME.test')).toMatch(/acme\.example, ACME\.test/);
    const acme = await findOrganization(api.db, 'acme');
    const domains = await api.db.query<{ domain: string }>('SELECT domain FROM organization_domains WHERE organization_id = $1 ORDER BY domain', [acme?.id]);
    expect(domains.map((row) => row.domain)).toEqual(['acme.example', 'acme.test']);
    await expect(admin('set-domains --context acme --domain initech.example')).rejects.toThrow(/Another organisation has initech\.example/);
    await expect(admin('set-domains --context acme --domain not_a_domain')).rejects.toThrow(/Not a domain name/);
    await expect(admin('create-organization --context ACME --name Other')).rejects.toThrow(/"acme" exists/);
  });

  it('refuses bad input with a message that says what is wrong', async () => {
    await expect(admin('set-sso-mode --context acme --mode SOMETIMES')).rejects.toThrow(/--mode must be one of/);
    await expect(admin('set-mfa-policy --context nowhere --policy REQUIRED')).rejects.toThrow(/No organisation has context "nowhere"/);
    await expect(admin('create-user')).rejects.toThrow(/--email is required/);
    await expect(admin('frobnicate')).rejects.toThrow(/Unknown command/);
    await expect(admin('create-user --emial grace@example.com')).rejects.toThrow(/Unknown option '--emial'/);
  });

  it('resets a person’s second factor: TOTP, recovery codes and passkeys go, every session ends, and the owner is told by mail', async () => {
    // Acme signs in through SAML only by now: an organisation of password sign-ins.
    await admin('create-organization --context helpdesk --name Helpdesk');
    const owner = await accountOf(api, { email: 'lost.phone@example.com', password: 'Lost-Phone-77', context: 'helpdesk' });
    await api.db.query(
      `INSERT INTO passkeys (id, user_id, public_key, device_type, backed_up, name) VALUES ('cred-1', $1, 'key', 'multiDevice', true, 'Phone')`,
      [owner.userId],
    );
    const session = await sessionSignedIn(api, owner, 60, ['pwd', 'otp'], ['helpdesk']);
    const organizations = () => call(api.app, { method: 'GET', url: '/helpdesk/user/organizations', token: session });
    expect((await organizations()).statusCode).toBe(200);

    expect(await admin('reset-second-factor --email LOST.PHONE@example.com')).toBe(
      'Reset the second factor of lost.phone@example.com: TOTP, recovery codes and passkeys removed, every session ended; the owner is told by mail.',
    );
    expect((await findUserByEmail(api.db, owner.email))!.totp_secret).toBeNull();
    expect(await api.db.query('SELECT 1 FROM recovery_codes WHERE user_id = $1', [owner.userId])).toEqual([]);
    expect(await api.db.query('SELECT 1 FROM passkeys WHERE user_id = $1', [owner.userId])).toEqual([]);
    expect((await organizations()).statusCode).toBe(401);
    await api.services.mail.drain();
    const [mail] = await readOutbox(api.db, 1);
    expect(mail).toMatchObject({ to: owner.email, subject: 'Your two-step verification was reset' });
    // The password still signs in, without a code now.
    expect((await login(api.app, { email: owner.email, password: 'Lost-Phone-77' })).statusCode).toBe(200);

    await expect(admin('reset-second-factor --email nobody@example.com')).rejects.toThrow(/No user has e-mail "nobody@example.com"/);
    await expect(admin('reset-second-factor')).rejects.toThrow(/--email is required/);
  });

  it('only queues the mail of a command: the server sends it, with the links of its own PUBLIC_URL', async () => {
    const owner = await accountOf(api, { email: 'queued.only@example.com', password: 'Lost-Phone-77', context: 'helpdesk' });
    // The command runs without the server's PUBLIC_URL, as an operator's shell may.
    const command = await createServices({ ...api.services.config, publicUrl: 'http://auth.frontdoor.localhost:8080' }, api.db, { onlyQueuesMail: true });
    await runAdmin(['reset-second-factor', '--email', owner.email], command, noInput());
    await command.background.idle();
    const sentTo = async () => (await readOutbox(api.db, 50)).filter((mail) => mail.to === owner.email);
    expect(await sentTo()).toEqual([]);
    await api.services.mail.drain();
    const [mail] = await sentTo();
    expect(mail?.subject).toBe('Your two-step verification was reset');
    expect(new URL(mail?.links[0] ?? '').origin).toBe(TEST_PUBLIC_URL);
  });

  it('refuses an option value with a control character or a line break', async () => {
    await expect(runAdmin(['create-organization', '--context', 'initech2', '--name', 'Initech\nBcc: x'], api.services, noInput())).rejects.toThrow(
      /--name holds a control character or a line break/,
    );
    expect(await findOrganization(api.db, 'initech2')).toBeUndefined();
  });

  it('prints its usage for help', async () => {
    expect(await admin('help')).toMatch(/^Usage: npm run admin/);
  });

  it('registers OpenID Connect apps, printing one JSON line with the secret of a confidential one once', async () => {
    const publicApp = JSON.parse(
      await admin('create-client --id notes --redirect-uri https://notes.example.com/callback --post-logout-redirect-uri https://notes.example.com/'),
    );
    expect(publicApp).toEqual({ client_id: 'notes' });
    await admin('create-client --id wiki --redirect-uri https://wiki.example.com/cb --backchannel-logout-uri https://wiki.example.com/backchannel-logout');
    const confidential = JSON.parse(
      await runAdmin(
        [
          'create-client',
          '--id',
          'grafana',
          '--name',
          'Grafana',
          '--confidential',
          '--redirect-uri',
          'https://grafana.example.com/login/generic_oauth',
          '--redirect-uri',
          'https://grafana.example.com/alt',
        ],
        api.services,
        noInput(),
      ),
    );
    expect(confidential.client_id).toBe('grafana');
    expect(confidential.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = (await admin('list-clients')).split('\n').map((line) => JSON.parse(line));
    expect(listed).toEqual([
      {
        client_id: 'grafana',
        name: 'Grafana',
        confidential: true,
        redirect_uris: ['https://grafana.example.com/login/generic_oauth', 'https://grafana.example.com/alt'],
        post_logout_redirect_uris: [],
      },
      {
        client_id: 'notes',
        name: 'notes',
        confidential: false,
        redirect_uris: ['https://notes.example.com/callback'],
        post_logout_redirect_uris: ['https://notes.example.com/'],
      },
      {
        client_id: 'wiki',
        name: 'wiki',
        confidential: false,
        redirect_uris: ['https://wiki.example.com/cb'],
        post_logout_redirect_uris: [],
        backchannel_logout_uri: 'https://wiki.example.com/backchannel-logout',
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(confidential.client_secret);
    expect(JSON.parse(await admin('delete-client --id notes'))).toEqual({ client_id: 'notes', deleted: true });
    expect(await admin('list-clients')).not.toContain('"notes"');
  });

  it('keeps a redirect URI as clients send it: https, or http on a loopback host, its scheme and host in lower case, no spaces around it', async () => {
    const production = { ...api.services, config: { ...api.services.config, devPages: false } };
    const create = (id: string, ...uris: string[]) =>
      runAdmin(['create-client', '--id', id, ...uris.flatMap((uri) => ['--redirect-uri', uri])], production, noInput());
    await create('shouting', 'HTTPS://App.Example.com:8443/Call/Back?Tab=One');
    await create('cli', 'http://127.0.0.1:53682/cb', 'http://[::1]:53682/cb', 'http://localhost/cb');
    const kept = (await admin('list-clients')).split('\n').map((line) => JSON.parse(line) as { client_id: string; redirect_uris: string[] });
    expect(kept.find((client) => client.client_id === 'shouting')!.redirect_uris).toEqual(['https://app.example.com:8443/Call/Back?Tab=One']);
    expect(kept.find((client) => client.client_id === 'cli')!.redirect_uris).toEqual([
      'http://127.0.0.1:53682/cb',
      'http://[::1]:53682/cb',
      'http://localhost/cb',
    ]);
    for (const uri of ['http://app.example.com/cb', 'http://notes.localhost/cb', 'http://10.0.0.8/cb']) {
      await expect(create('plain', uri)).rejects.toThrow(/^--redirect-uri must be https; http only on this machine/);
    }
    for (const uri of ['HTTPS://App.Example.com/cb ', ' https://app.example.com/cb']) {
      await expect(create('spaced', uri)).rejects.toThrow(/^--redirect-uri must not begin or end with spaces/);
    }
    // The development pages' own apps live on any host of this machine (server/dev/demo-apps.ts).
    const development = { ...api.services, config: { ...api.services.config, devPages: true } };
    expect(await runAdmin(['create-client', '--id', 'local', '--redirect-uri', 'http://notes.localhost:8080/callback'], development, noInput())).toBe(
      '{"client_id":"local"}',
    );
  });

  it('refuses a client’s bad input in one line', async () => {
    const refusals: [string, RegExp][] = [
      ['create-client --redirect-uri https://a.example.com/cb', /^--id is required/],
      ['create-client --id a/b --redirect-uri https://a.example.com/cb', /^--id must be/],
      ['create-client --id app', /^--redirect-uri is required/],
      ['create-client --id app --redirect-uri /callback', /^--redirect-uri must be an absolute URL/],
      ['create-client --id app --redirect-uri javascript:alert(1)', /^--redirect-uri must be an http or https URL/],
      ['create-client --id app --redirect-uri https://a.example.com/cb#frag', /^--redirect-uri must not hold a fragment/],
      ['create-client --id app --redirect-uri https:a.example.com/cb', /^--redirect-uri must be written as https:\/\/host\/path/],
      ['create-client --id app --redirect-uri https://u:p@a.example.com/cb', /^--redirect-uri must not hold a user name/],
      [
        'create-client --id app --redirect-uri https://a.example.com/cb --post-logout-redirect-uri ftp://a.example.com/',
        /^--post-logout-redirect-uri must be an http or https URL/,
      ],
      ['delete-client --id nobody', /^No client has id "nobody"/],
      ['create-client --id app --redirect-uri https://a.example.com/cb --bogus', /Unknown option '--bogus'.*See npm run admin -- help\.$/],
      ['create-client --id app --redirect-uri', /--redirect-uri.*argument missing.*See npm run admin -- help\.$/],
      ['frobnicate', /^Unknown command "frobnicate"\. See npm run admin -- help\.$/],
      ['create-client --id frontdoor --redirect-uri https://a.example.com/cb', /^--id must not be "frontdoor", the session tokens' audience/],
    ];
    for (const [line, message] of refusals) {
      const refused = admin(line);
      await expect(refused).rejects.toThrow(message);
      await expect(refused).rejects.toThrow(/^[^\n]*$/);
    }
    await admin('create-client --id twice --redirect-uri https://a.example.com/cb');
    await expect(admin('create-client --id twice --redirect-uri https://a.example.com/cb')).rejects.toThrow(/^A client with id "twice" exists already/);
  });
});
