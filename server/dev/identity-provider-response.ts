/**
 * SAML 2.0 responses as an identity provider sends them (HTTP-POST binding): a Response holding one
 * Assertion, the Assertion signed with rsa-sha256, exclusive c14n and an enveloped signature. Used by
 * the development IdP, and by tests to craft good and bad responses for the assertion consumer.
 */
import { randomBytes } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { escapeHtml } from '../web/html';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

export interface ResponseFields {
  /** The IdP's entity id. */
  issuer: string;
  /** The SP's ACS URL: the Response's Destination and the bearer confirmation's Recipient. */
  destination: string;
  /** The SP's entity id, the only audience. */
  audience: string;
  /** The AuthnRequest's ID. */
  inResponseTo: string;
  /** The user's e-mail address. */
  nameId: string;
  /** When the assertion is issued; the default is now. */
  issuedAt?: Date;
  /** How long the assertion is valid; the default is five minutes. */
  lifetimeSeconds?: number;
  /** The assertion's ID; the default is a fresh random one. */
  assertionId?: string;
}

export interface SigningKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** X.509 PEM, put into the signature's KeyInfo. */
  certificate: string;
}

function samlId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** The unsigned Response; sign its Assertion with signAssertion. */
export function buildSamlResponseXml(fields: ResponseFields): string {
  const issued = fields.issuedAt ?? new Date();
  const instant = issued.toISOString();
  const expires = new Date(issued.getTime() + (fields.lifetimeSeconds ?? 300) * 1000).toISOString();
  const issuer = `<saml:Issuer>${escapeHtml(fields.issuer)}</saml:Issuer>`;
  return [
    `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${samlId()}" Version="2.0"`,
    ` IssueInstant="${instant}" Destination="${escapeHtml(fields.destination)}" InResponseTo="${escapeHtml(fields.inResponseTo)}">`,
    issuer,
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`,
    `<saml:Assertion ID="${escapeHtml(fields.assertionId ?? samlId())}" Version="2.0" IssueInstant="${instant}">`,
    issuer,
    '<saml:Subject>',
    `<saml:NameID Format="${EMAIL_FORMAT}">${escapeHtml(fields.nameId)}</saml:NameID>`,
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">',
    `<saml:SubjectConfirmationData InResponseTo="${escapeHtml(fields.inResponseTo)}" Recipient="${escapeHtml(fields.destination)}" NotOnOrAfter="${expires}"/>`,
    '</saml:SubjectConfirmation>',
    '</saml:Subject>',
    `<saml:Conditions NotBefore="${instant}" NotOnOrAfter="${expires}">`,
    `<saml:AudienceRestriction><saml:Audience>${escapeHtml(fields.audience)}</saml:Audience></saml:AudienceRestriction>`,
    '</saml:Conditions>',
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${samlId()}">`,
    '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml:AuthnContextClassRef></saml:AuthnContext>',
    '</saml:AuthnStatement>',
    '</saml:Assertion>',
    '</samlp:Response>',
  ].join('');
}

/** Signs the Response's Assertion; the Signature goes right after the Assertion's Issuer, as the schema wants. */
export function signAssertion(responseXml: string, key: SigningKeyPair): string {
  const signature = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: ASSERTION_XPATH,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(responseXml, {
    prefix: 'ds',
    location: { reference: `${ASSERTION_XPATH}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}
