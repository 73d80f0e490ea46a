/**
 * Shared by the SAML tests: a bare Fastify app with the SAML routes under /api and the development
 * IdP at the root, on a test database, plus the organisations, members and requests the tests need.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';
import { loadConfig } from '../config';
import { createServices } from '../create-services';
import type { Services } from '../services';
import { apiErrorHandler } from '../api/errors';
import type { Database } from '../db/database-types';
import type { TestDatabase } from './databases';
import { samlRoutes } from '../api/routes/saml';
import { devIdentityProviderRoutes, type DevIdentityProvider } from '../dev/identity-provider';
import type { ResponseFields, SigningKeyPair } from '../dev/identity-provider-response';
import { readAuthnRequest } from '../dev/identity-provider-request';

export const PUBLIC_URL = 'http://localhost:8080';

export interface SamlTestBed {
  app: FastifyInstance;
  services: Services;
  db: Database;
  schema: string | undefined;
  /** The app's log lines (warn and above), as JSON text. */
  logs: string[];
  close(): Promise<void>;
}

/** One server instance; pass the schema of another bed to run a second instance on the same PostgreSQL schema. */
export async function openSamlTestBed(target: TestDatabase, idp: DevIdentityProvider, sharedSchema?: string): Promise<SamlTestBed> {
  const { db, schema } = await target.open(sharedSchema);
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-saml-'));
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL }), db);
  const logs: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setErrorHandler(apiErrorHandler);
  await app.register(samlRoutes, { services, prefix: '/api' });
  await app.register(devIdentityProviderRoutes, { services, idp });
  await app.ready();
  return {
    app,
    services,
    db,
    schema,
    logs,
    async close() {
      await app.close();
      // What a test's sign-out queued (server/auth/sign-out.ts) settles before its database closes.
      await services.mail.stop();
      await db.close();
      if (!sharedSchema) await target.drop(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another IdP's key pair, for responses the organisation must not trust. */
export async function otherKeyPair(): Promise<SigningKeyPair> {
  const pems = await generate([{ name: 'commonName', value: 'Some other IdP' }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
}

export interface OrganizationSeed {
  context: string;
  ssoMode?: 'NOT_SET' | 'LOGIN_SAML' | 'SAML_ONLY';
  enabled?: boolean;
  issuer?: string | null;
  certificate?: string | null;
  entryPoint?: string | null;
}

export async function insertOrganization(db: Database, idp: DevIdentityProvider, seed: OrganizationSeed): Promise<void> {
  await db.query(
    `INSERT INTO organizations (id, context, name, enabled, sso_mode, saml_entry_point, saml_idp_issuer, saml_idp_cert)
     VALUES (gen_random_uuid(), $1, $1, $2, $3, $4, $5, $6)`,
    [
      seed.context,
      seed.enabled ?? true,
      seed.ssoMode ?? 'SAML_ONLY',
      seed.entryPoint === undefined ? `${PUBLIC_URL}${idp.entryPoint}` : seed.entryPoint,
      seed.issuer === undefined ? idp.issuer : seed.issuer,
      seed.certificate === undefined ? idp.certificate : seed.certificate,
    ],
  );
}

/** A user, and a membership of the organisation unless `membership` is 'none'. */
export async function insertUser(db: Database, email: string, context: string, membership: 'enabled' | 'disabled' | 'none' = 'enabled') {
  const [user] = await db.query<{ id: string }>(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), $1) RETURNING id`, [email]);
  if (membership !== 'none') {
    await db.query(`INSERT INTO memberships (user_id, organization_id, enabled) SELECT $1, id, $2 FROM organizations WHERE context = $3`, [
      user!.id,
      membership === 'enabled',
      context,
    ]);
  }
}

/** GET /api/saml2/{context}/login, answered as the app would read it. */
export function requestLoginUrl(app: FastifyInstance, context: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return app.inject({ method: 'GET', url: `/api/saml2/${context}/login${search ? `?${search}` : ''}` });
}

export interface StartedLogin {
  /** The IdP URL the app would send the browser to. */
  url: URL;
  requestId: string;
  relayState: string;
  /** The Cookie header the browser that started the login sends to the assertion consumer. */
  cookie: string;
}

/** The `name=value` of each cookie a reply sets (Set-Cookie headers), for a Cookie header. */
export function cookiesSetBy(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return list.map((line: string) => line.slice(0, (line + ';').indexOf(';'))).join('; ');
}

/**
 * The cookie each started login left in the browser that started it, by RelayState: the tests'
 * one browser, which postToAcs sends unless a test plays another.
 */
const startingBrowser = new Map<string, string>();

export async function startLogin(app: FastifyInstance, context: string, returnTo?: string): Promise<StartedLogin> {
  const response = await requestLoginUrl(app, context, returnTo ? { returnTo } : {});
  if (response.statusCode !== 200) throw new Error(`login URL answered ${response.statusCode}: ${response.body}`);
  const url = new URL(response.body);
  const { id } = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '', { publicUrl: PUBLIC_URL, apiBasePath: '/api' });
  const relayState = url.searchParams.get('RelayState') ?? '';
  const cookie = cookiesSetBy(response);
  startingBrowser.set(relayState, cookie);
  return { url, requestId: id, relayState, cookie };
}

/** What a correct IdP answer to this request says; tests change one field to make it wrong. */
export function responseFields(context: string, requestId: string, email: string): Omit<ResponseFields, 'issuer'> {
  return {
    destination: `${PUBLIC_URL}/api/saml2/${context}/acs`,
    audience: `${PUBLIC_URL}/api/saml2/${context}`,
    inResponseTo: requestId,
    nameId: email,
  };
}

/**
 * The IdP's auto-submitted form post to the assertion consumer, from the browser that started the
 * login named by RelayState unless `cookie` says what another browser sends ('' for no cookie).
 */
export function postToAcs(
  app: FastifyInstance,
  context: string,
  fields: { SAMLResponse: string; RelayState: string },
  cookie: string = startingBrowser.get(fields.RelayState) ?? '',
) {
  return app.inject({
    method: 'POST',
    url: `/api/saml2/${context}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * The app's confirmSamlSession call for `lcq`, with the Cookie header its browser sends (without the
 * app's empty JSON body, which the API plugin's parser takes and this bare app does not).
 */
export function confirmSession(app: FastifyInstance, lcq: string, cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/api/saml2/session',
    headers: { authorization: `Bearer ${lcq}`, ...(cookie ? { cookie } : {}) },
  });
}

export function base64(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

/** The hidden fields and action of the first form of an HTML page. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = /<form[^>]* action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!);
  }
  return { action: unescape(action), fields };
}
