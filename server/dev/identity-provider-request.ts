/**
 * The development IdP reading an AuthnRequest (HTTP-Redirect binding: deflated, base64). It answers
 * only requests from this very server: the ACS URL must be one of our own assertion consumers on
 * PUBLIC_URL and the requester our entity id for that organisation, so the dev IdP cannot be used to
 * sign an assertion for any other service.
 */
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import type { ServerConfig } from '../config';
import { HttpError } from '../api/errors';
import { spEntityId } from '../saml/service-provider';
import { isContext } from '../../rules/context';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;
/** Far more than any AuthnRequest; caps what a crafted deflate stream can expand to. */
const MAX_REQUEST_BYTES = 64 * 1024;

export interface AuthnRequestSummary {
  id: string;
  /** Where the response goes: one of our assertion consumers. */
  acsUrl: string;
  /** Our entity id for the organisation: the audience of the assertion. */
  audience: string;
}

function refuse(message: string): never {
  throw new HttpError(400, 'validation_failed', message);
}

function inflate(samlRequest: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(samlRequest)) refuse('SAMLRequest is not base64.');
  try {
    return inflateRawSync(Buffer.from(samlRequest, 'base64'), { maxOutputLength: MAX_REQUEST_BYTES }).toString('utf8');
  } catch {
    return refuse('SAMLRequest is not a deflated SAML request.');
  }
}

function parse(xml: string) {
  const fail = () => refuse('SAMLRequest is not well-formed XML.');
  return new DOMParser({ errorHandler: { error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
}

export function readAuthnRequest(samlRequest: string, config: Pick<ServerConfig, 'publicUrl' | 'apiBasePath'>): AuthnRequestSummary {
  const root = parse(inflate(samlRequest)).documentElement;
  if (!root || root.localName !== 'AuthnRequest' || root.namespaceURI !== PROTOCOL) refuse('SAMLRequest is not an AuthnRequest.');
  const id = root.getAttribute('ID') ?? '';
  if (!XML_ID.test(id)) refuse('The AuthnRequest has no valid ID.');
  const acsUrl = root.getAttribute('AssertionConsumerServiceURL') ?? '';
  const issuer = Array.from(root.getElementsByTagNameNS(ASSERTION, 'Issuer'))
    .find((element) => element.parentNode === root)
    ?.textContent?.trim();

  const prefix = `${config.publicUrl}${config.apiBasePath}/saml2/`;
  const context = acsUrl.startsWith(prefix) && acsUrl.endsWith('/acs') ? acsUrl.slice(prefix.length, -'/acs'.length) : '';
  if (!isContext(context)) refuse('The development IdP answers only this server’s assertion consumers.');
  const audience = spEntityId(config, context);
  if (issuer !== audience) refuse('The AuthnRequest’s Issuer is not this server’s entity id for that organisation.');
  return { id, acsUrl, audience };
}
