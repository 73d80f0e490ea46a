import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { createDevIdentityProvider, type DevIdentityProvider } from '../dev/identity-provider';
import { base64, insertOrganization, insertUser, openSamlTestBed, postToAcs, responseFields, startLogin, type SamlTestBed } from '../testing/saml';
import { setDomains, setProvisioning } from '../admin/operations';
import { disableUser, endMembershipOf } from '../auth/people';
import { findOrganization } from '../db/organizations';
import { findUserByEmail } from '../db/users';

let idp: DevIdentityProvider;
beforeAll(async () => {
  idp = await createDevIdentityProvider({});
});

const BY_OPERATOR = { clientAddress: 'operator', via: 'operator' as const };

describe.each(testDatabases)('accounts on a first sign-in through the identity provider on $name', (target) => {
  let bed: SamlTestBed;

  beforeAll(async () => {
    bed = await openSamlTestBed(target, idp);
    await insertOrganization(bed.db, idp, { context: 'initrode' });
    await setDomains(bed.db, 'initrode', ['initrode.example']);
    await bed.db.query(`UPDATE organizations SET default_language = 'de' WHERE context = 'initrode'`);
    await setProvisioning(bed.db, 'initrode', 'JUST_IN_TIME');
    await insertOrganization(bed.db, idp, { context: 'invited' });
    await setDomains(bed.db, 'invited', ['invited.example']);
  });
  afterAll(async () => {
    await bed.close();
  });

  /** The identity provider's correctly signed answer for the e-mail, posted to the organisation's assertion consumer. */
  async function signInThroughIdentityProvider(email: string, context = 'initrode') {
    const login = await startLogin(bed.app, context);
    const xml = idp.signResponse(responseFields(context, login.requestId, email));
    const answer = await postToAcs(bed.app, context, { SAMLResponse: base64(xml), RelayState: login.relayState });
    expect(answer.statusCode).toBe(303);
    return new URL(answer.headers.location as string).searchParams;
  }
  const accounts = async (email: string) =>
    (await bed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]))[0]!.n;

  it('creates the account and the membership at the first sign-in of an address in the organisation’s domains, with no password, in its language', async () => {
    const search = await signInThroughIdentityProvider('new.hire@initrode.example');
    expect(search.get('lcq')).toBeTruthy();
    const user = await findUserByEmail(bed.db, 'new.hire@initrode.example');
    expect(user).toMatchObject({ password_hash: null, language: 'de' });
    const [membership] = await bed.db.query(
      `SELECT m.enabled, m.ended FROM memberships m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = $1 AND o.context = 'initrode'`,
      [user!.id],
    );
    expect(membership).toEqual({ enabled: true, ended: null });
    const [audited] = await bed.db.query(`SELECT context, detail FROM audit_log WHERE event = 'member.provisioned' AND user_id = $1`, [user!.id]);
    expect(audited).toEqual({ context: 'initrode', detail: { account: 'created' } });
  });

  it('signs the same person in again with the same account, never a second one', async () => {
    await signInThroughIdentityProvider('twice@initrode.example');
    const first = await findUserByEmail(bed.db, 'twice@initrode.example');
    expect((await signInThroughIdentityProvider('Twice@initrode.example')).get('lcq')).toBeTruthy();
    expect(await accounts('twice@initrode.example')).toBe(1);
    expect((await findUserByEmail(bed.db, 'twice@initrode.example'))!.id).toBe(first!.id);
  });

  it('gives a person the front door knows by that e-mail the membership, on their own account', async () => {
    await insertUser(bed.db, 'known@initrode.example', 'initrode', 'none');
    const before = await findUserByEmail(bed.db, 'known@initrode.example');
    expect((await signInThroughIdentityProvider('known@initrode.example')).get('lcq')).toBeTruthy();
    expect(await accounts('known@initrode.example')).toBe(1);
    const [audited] = await bed.db.query(`SELECT detail FROM audit_log WHERE event = 'member.provisioned' AND user_id = $1`, [before!.id]);
    expect(audited).toEqual({ detail: { account: 'existing' } });
  });

  it('refuses an address outside the organisation’s domains and makes no account', async () => {
    expect((await signInThroughIdentityProvider('outsider@elsewhere.example')).get('refused')).toBe('not-invited');
    expect(await accounts('outsider@elsewhere.example')).toBe(0);
  });

  it('refuses a person the organisation has not added where it provisions by invitation, and makes no account', async () => {
    expect((await signInThroughIdentityProvider('stranger@invited.example', 'invited')).get('refused')).toBe('not-invited');
    expect(await accounts('stranger@invited.example')).toBe(0);
  });

  it('does not take back a person whose membership the organisation ended', async () => {
    await signInThroughIdentityProvider('leaver@initrode.example');
    const user = await findUserByEmail(bed.db, 'leaver@initrode.example');
    const organization = await findOrganization(bed.db, 'initrode');
    await endMembershipOf(bed.services, { userId: user!.id, organizationId: organization!.id, context: 'initrode' }, 'removed', BY_OPERATOR);
    expect((await signInThroughIdentityProvider('leaver@initrode.example')).get('refused')).toBe('not-invited');
  });

  it('tells a disabled person that their account signs in nowhere, and hands out no session', async () => {
    await signInThroughIdentityProvider('disabled@initrode.example');
    const user = await findUserByEmail(bed.db, 'disabled@initrode.example');
    await disableUser(bed.services, user!.id, BY_OPERATOR);
    const search = await signInThroughIdentityProvider('disabled@initrode.example');
    expect(search.get('refused')).toBe('account-disabled');
    expect(search.get('lcq')).toBeNull();
  });
});
