/**
 * A development SAML identity provider, for the demo and the end-to-end tests of SAML sign-in
 * (flows 4.1 and 4.2). It stands in for an organisation's real IdP: the e-mail entered is enough, no
 * password is asked, since proving who someone is remains the real IdP's job. Registered only outside
 * production, at the site root. It answers only AuthnRequests of this server, for this server's
 * assertion consumers (see identity-provider-request.ts), so it signs for nothing else.
 *
 * Its key and self-signed certificate are kept in DATA_DIR/dev-idp.json, so organisations configured
 * with its certificate keep working across restarts.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';
import { EMAIL_MAX_LENGTH } from '../../rules/email';
import type { Services } from '../services';
import { acceptFormBodies, requireFormBody } from '../saml/form-body';
import { DEV_IDP_ENTRY_POINT } from '../saml/service-provider';
import { buildSamlResponseXml, signAssertion, type ResponseFields, type SigningKeyPair } from './identity-provider-response';
import { readAuthnRequest } from './identity-provider-request';
import { AUTOSUBMIT_SCRIPT, AUTOSUBMIT_SCRIPT_PATH, EMAIL_FIELD, postResponsePage, signInPage } from './identity-provider-pages';
import { pageLanguage } from '../web/language';

export const DEV_IDP_ISSUER = 'urn:frontdoor:dev-idp';

export interface DevIdentityProvider {
  /** The single sign-on path on this server; an organisation's saml_entry_point is PUBLIC_URL + this. */
  entryPoint: string;
  /** The IdP's entity id: an organisation's saml_idp_issuer. */
  issuer: string;
  /** The IdP's signing certificate (PEM): an organisation's saml_idp_cert. */
  certificate: string;
  /** A Response with its Assertion signed by this IdP, as XML. */
  signResponse(fields: Omit<ResponseFields, 'issuer'>): string;
}

async function generateKeyPair(): Promise<SigningKeyPair> {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 10);
  const pems = await generate([{ name: 'commonName', value: 'Frontdoor development IdP' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

function readKeyPair(file: string): SigningKeyPair {
  const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey, certificate } = (stored ?? {}) as Partial<SigningKeyPair>;
  if (typeof privateKey !== 'string' || typeof certificate !== 'string') {
    throw new Error(`${file} must hold the development IdP's privateKey and certificate (PEM).`);
  }
  return { privateKey, certificate };
}

/** Made on first start and readable by the owner only, like the token signing key. */
async function loadKeyPair(dataDir: string | undefined): Promise<SigningKeyPair> {
  if (!dataDir) return generateKeyPair();
  const file = join(dataDir, 'dev-idp.json');
  if (existsSync(file)) return readKeyPair(file);
  mkdirSync(dataDir, { recursive: true });
  const keyPair = await generateKeyPair();
  writeFileSync(file, JSON.stringify(keyPair), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keyPair;
}

export async function createDevIdentityProvider(options: { dataDir?: string }): Promise<DevIdentityProvider> {
  const keyPair = await loadKeyPair(options.dataDir);
  return {
    entryPoint: DEV_IDP_ENTRY_POINT,
    issuer: DEV_IDP_ISSUER,
    certificate: keyPair.certificate,
    signResponse: (fields) => signAssertion(buildSamlResponseXml({ ...fields, issuer: DEV_IDP_ISSUER }), keyPair),
  };
}

const samlRequestFields = {
  SAMLRequest: { type: 'string', minLength: 1, maxLength: 16 * 1024 },
  RelayState: { type: 'string', maxLength: 80 },
} as const;

interface SamlRequestFields {
  SAMLRequest: string;
  RelayState?: string;
}

/** GET and POST /dev/idp/sso (sign-in page, then the signed response) and GET /dev/idp/autosubmit.js. */
export async function devIdentityProviderRoutes(app: FastifyInstance, options: { services: Services; idp: DevIdentityProvider }) {
  const { services, idp } = options;
  acceptFormBodies(app);

  app.get<{ Querystring: SamlRequestFields & { login_hint?: string } }>(
    DEV_IDP_ENTRY_POINT,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['SAMLRequest'],
          properties: { ...samlRequestFields, login_hint: { type: 'string', maxLength: EMAIL_MAX_LENGTH } },
        },
      },
    },
    async (request, reply) => {
      const { SAMLRequest, RelayState = '', login_hint: email = '' } = request.query;
      // Checked before showing anything: a request for someone else's service never gets a sign-in page.
      readAuthnRequest(SAMLRequest, services.config);
      const language = pageLanguage(undefined, request.headers['accept-language']);
      const html = signInPage(language, { action: idp.entryPoint, email, hidden: { SAMLRequest, RelayState } });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post<{ Body: SamlRequestFields & { email: string } }>(
    DEV_IDP_ENTRY_POINT,
    {
      onRequest: requireFormBody,
      schema: {
        body: {
          type: 'object',
          required: ['SAMLRequest', 'email'],
          properties: { ...samlRequestFields, email: EMAIL_FIELD },
        },
      },
    },
    async (request, reply) => {
      const { SAMLRequest, RelayState = '', email } = request.body;
      const authnRequest = readAuthnRequest(SAMLRequest, services.config);
      const response = idp.signResponse({
        destination: authnRequest.acsUrl,
        audience: authnRequest.audience,
        inResponseTo: authnRequest.id,
        nameId: email,
      });
      const html = postResponsePage(pageLanguage(undefined, request.headers['accept-language']), {
        acsUrl: authnRequest.acsUrl,
        samlResponse: Buffer.from(response, 'utf8').toString('base64'),
        relayState: RelayState,
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.get(AUTOSUBMIT_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(AUTOSUBMIT_SCRIPT),
  );
}
