/**
 * What the assertion consumer reads from the assertion node-saml verified, beyond node-saml's own
 * checks: its ID (replay), and the bearer confirmation that ties it to our request and our ACS URL
 * (SAML 2.0 profiles, 4.1.4.3). Everything here comes from the signed bytes only: node-saml parses the
 * verified reference, never the unsigned document around it.
 */
import type { Profile } from '@node-saml/node-saml';

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** An element as node-saml's xml2js parse gives it: attributes in `$`, text in `_`, children in arrays. */
type XmlNode = { $?: Record<string, unknown>; _?: unknown; [child: string]: unknown };

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.$?.[name];
  return typeof value === 'string' ? value : undefined;
}

function time(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export interface BearerConfirmation {
  inResponseTo: string | undefined;
  recipient: string | undefined;
  notOnOrAfter: number | undefined;
}

export interface SignedAssertion {
  id: string | undefined;
  issuer: string | undefined;
  confirmations: BearerConfirmation[];
  /** The latest NotOnOrAfter in the assertion (conditions or confirmations), in ms. */
  expiresAt: number | undefined;
}

export function readSignedAssertion(profile: Profile): SignedAssertion {
  const parsed = profile.getAssertion?.();
  const assertion = isNode(parsed) && isNode(parsed.Assertion) ? parsed.Assertion : undefined;
  const issuer = children(assertion, 'Issuer')[0]?._;
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation')
    .filter((confirmation) => attribute(confirmation, 'Method') === BEARER)
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'))
    .map((data) => ({
      inResponseTo: attribute(data, 'InResponseTo'),
      recipient: attribute(data, 'Recipient'),
      notOnOrAfter: time(attribute(data, 'NotOnOrAfter')),
    }));
  const limits = [
    time(attribute(children(assertion, 'Conditions')[0], 'NotOnOrAfter')),
    ...confirmations.map((confirmation) => confirmation.notOnOrAfter),
  ].filter((value): value is number => value !== undefined);
  return {
    id: attribute(assertion, 'ID'),
    issuer: typeof issuer === 'string' ? issuer.trim() : undefined,
    confirmations,
    expiresAt: limits.length > 0 ? Math.max(...limits) : undefined,
  };
}
