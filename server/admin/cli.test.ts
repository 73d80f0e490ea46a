import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '../testing/databases';
import { openApi, type Api } from '../testing/api';
import { runAdmin } from './cli';
import { findOrganization, organizationDomains } from '../db/organizations';
import { findUserByEmail } from '../db/users';
import { isMember } from '../db/memberships';
import { readOutbox } from '../mail/mailer';
import { verifyPassword } from '../auth/passwords';

describe.each(testDatabases)('the admin command on $name', (target) => {
  let api: Api;
  const admin = (line: string) => runAdmin(line.split(' '), api.services);

  beforeAll(async () => {
    api = await openApi(target);
  });
  afterAll(() => api.close());

  it('creates an organisation with its SSO mode, MFA policy and registration flag', async () => {
    expect(await admin('create-organization --context acme --name Acme --sso-mode LOGIN_SAML --mfa-policy REQUIRED --open-registration')).toMatch(/Created/);
    expect(await findOrganization(api.db, 'acme')).toMatchObject({ sso_mode: 'LOGIN_SAML', mfa_policy: 'REQUIRED', open_registration: true, enabled: true });
  });

  it('creates a user with a password in organisations', async () => {
    await admin('create-user --email grace@example.com --password Hopper-Navy-1 --language de --context acme');
    const user = (await findUserByEmail(api.db, 'grace@example.com'))!;
    expect(user.language).toBe('de');
    expect(await verifyPassword(user.password_hash, 'Hopper-Navy-1')).toBe(true);
    expect(await isMember(api.db, user.id, 'acme')).toBe(true);
  });

  it('invites a new user and sends the invitation mail with a signup link', async () => {
    await admin('invite --email new.hire@example.com --context acme --language fr');
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

  it('sets the e-mail domains of an organisation, refusing one another organisation has', async () => {
    await admin('create-organization --context initech --name Initech --domain initech.example');
    expect(await admin('set-domains --context acme --domain acme.example --domain ACME.test')).toMatch(/acme\.example, ACME\.test/);
    expect(await organizationDomains(api.db, (await findOrganization(api.db, 'acme'))!.id)).toEqual(['acme.example', 'acme.test']);
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

  it('prints its usage for help', async () => {
    expect(await admin('help')).toMatch(/^Usage: npm run admin/);
  });
});
