/**
 * What every group of checks works with, and the made-up names the checks use for things that
 * must not exist on the server.
 */
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../http';
import type { Report } from '../report';

export interface Credentials {
  email: string;
  password: string;
}

/** An organisation's SCIM base (`{PUBLIC_URL}/scim/v2`) and one of its tokens, when the run is given them. */
export interface Directory {
  url: string;
  token: string;
}

export interface CheckRun {
  api: ApiClient;
  report: Report;
  account: Credentials;
  directory?: Directory | undefined;
  /** An organisation whose identity provider is an OpenID Provider, when the run is given one. */
  oidcContext?: string | undefined;
}

const randomTag = () => randomBytes(6).toString('hex');

/** An address no server knows yet; example.com never receives mail (RFC 2606). */
export const unknownEmail = () => `contract-${randomTag()}@example.com`;

/** An address at a domain no organisation claims; .example is reserved (RFC 2606). */
export const unclaimedEmail = () => `someone@contract-${randomTag()}.example`;

/** A context no organisation has, in the contract's Context pattern. */
export const unknownContext = () => `contract-${randomTag()}`;

/** A password within the rules of SetPasswordRequest. */
export const strongPassword = () => `Contract-${randomTag()}-9aA`;

/** What the app sends to setMfa (setup) and acceptTermsAndConditions (flows 7): a JSON content type and no body. */
export const EMPTY_JSON_BODY = { body: '', contentType: 'application/json' };
