/**
 * The checks of the assertion consumer service (contract, samlAssertionConsumer; flows 4.1): node-saml
 * verifies the signature against the pinned certificate, signature wrapping, InResponseTo, the time
 * conditions and the audience; this module adds what node-saml 5 leaves to its caller: the assertion's
 * Issuer, the bearer confirmation's Recipient and InResponseTo inside the signed assertion, RelayState,
 * single use of the request and of the assertion. Who the NameID may be is the caller's to decide
 * (server/auth/provisioning.ts).
 */
import { isEmail } from '../../rules/email';
import type { Profile } from '@node-saml/node-saml';
import type { Services } from '../services';
import { acsUrl, CLOCK_SKEW_MS, createServiceProvider, REQUEST_TTL_MS, type SamlOrganization } from './service-provider';
import { createRequestStore } from './request-store';
import { readSignedAssertion } from './signed-assertion';
import { recordAssertionUse } from './used-assertions';

/** A refused response; the reason is for the server log only, never for the client. */
export class SamlRejection extends Error {}

export interface SamlResponseForm {
  SAMLResponse: string;
  RelayState: string;
}

export interface AcceptedSamlLogin {
  /** The NameID: the address the identity provider vouches for. */
  email: string;
  /** The returnTo stored with the request by the login URL. */
  returnTo: string;
}

/**
 * node-saml's reason, cut to its first line and stripped of the values it quotes from the response
 * (received audiences, the IdP's status message, XML parser excerpts), so logs never hold its content.
 */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : 'unknown failure';
  if (message.includes('xmldom')) return 'malformed XML';
  const firstLine = message.split('\n')[0] ?? '';
  return firstLine.replace(/(error|Expected|Received): .*$/, '$1').slice(0, 120);
}

async function validatedProfile(services: Services, organization: SamlOrganization, form: SamlResponseForm) {
  const store = createRequestStore(services.db, organization.context);
  const provider = createServiceProvider(services.config, organization, { cacheProvider: store });
  let profile: Profile | null;
  try {
    ({ profile } = await provider.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }));
  } catch (error) {
    throw new SamlRejection(reasonOf(error));
  }
  if (!profile) throw new SamlRejection('no assertion in the response');
  const requestId = profile.inResponseTo;
  if (typeof requestId !== 'string') throw new SamlRejection('InResponseTo is missing');
  // node-saml removed the request through the store while validating; the store says whether it was
  // this call that took it, so a response racing its own replay on another instance loses here.
  const issued = await store.take(requestId);
  if (!issued) throw new SamlRejection('the request is unknown, expired or already answered');
  return { profile, issued };
}

/** Accepts a posted SAML response for the organisation, or throws SamlRejection. */
export async function acceptSamlResponse(services: Services, organization: SamlOrganization, form: SamlResponseForm): Promise<AcceptedSamlLogin> {
  const { profile, issued } = await validatedProfile(services, organization, form);
  // RelayState is the request ID the login URL issued (it is opaque and at most 80 bytes).
  if (form.RelayState !== issued.id) throw new SamlRejection('RelayState does not match the request');

  const assertion = readSignedAssertion(profile);
  if (assertion.issuer !== organization.saml_idp_issuer) throw new SamlRejection('the assertion has another Issuer');
  const now = Date.now();
  const recipient = acsUrl(services.config, organization.context);
  const confirmed = assertion.confirmations.some(
    (confirmation) =>
      confirmation.inResponseTo === issued.id &&
      confirmation.recipient === recipient &&
      confirmation.notOnOrAfter !== undefined &&
      now - CLOCK_SKEW_MS < confirmation.notOnOrAfter,
  );
  if (!confirmed) throw new SamlRejection('no bearer confirmation for this request and this ACS URL');
  if (!assertion.id) throw new SamlRejection('the assertion has no ID');
  const keepUntil = new Date(Math.max(now + REQUEST_TTL_MS, (assertion.expiresAt ?? now) + CLOCK_SKEW_MS));
  if (!(await recordAssertionUse(services.db, organization.context, assertion.id, keepUntil))) {
    throw new SamlRejection('the assertion was used before');
  }

  const email = profile.nameID;
  if (typeof email !== 'string' || !isEmail(email)) throw new SamlRejection('the NameID is not an e-mail address');
  return { email, returnTo: issued.returnTo };
}
