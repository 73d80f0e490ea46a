/**
 * What an OpenID Connect sign-in through an organisation's provider remembers between the
 * authorization request and its answer (server/oidc-rp/relying-party.ts), kept by the browser that
 * started it: `state`, `nonce`, the PKCE verifier and where to come back to, sealed (AES-256-GCM
 * under a key derived from the TOTP key every instance shares, bound to the organisation) in an
 * HttpOnly cookie that goes to that organisation's callback only, for ten minutes. Any instance
 * finishes the sign-in; a callback in a browser that did not start it has no cookie, and an answer
 * with another browser's `state` does not match this one's. The provider's answer is a top-level
 * navigation from another site, which `SameSite=Lax` lets the cookie come with; `Secure` over https.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { SealedText } from '../auth/sealed-text';
import { parseCookieHeader } from '../web/cookie-header';
import type { PendingAuthorization } from './relying-party';
import { secureAttribute } from '../web/secure-cookie';

export const STATE_COOKIE = 'frontdoor_oidc_idp';
const STATE_SECONDS = 10 * 60;

type Where = Pick<ServerConfig, 'apiBasePath' | 'publicUrl'>;

const callbackPath = (config: Where, context: string) => `${config.apiBasePath}/oidc-idp/${context}/callback`;

function cookie(config: Where, context: string, value: string, maxAgeSeconds: number): string {
  return `${STATE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${callbackPath(config, context)}; HttpOnly; SameSite=Lax${secureAttribute(config)}`;
}

export function holdAuthorization(reply: FastifyReply, config: Where, sealer: SealedText, context: string, pending: PendingAuthorization): void {
  const sealed = sealer.seal(context, JSON.stringify({ ...pending, until: Date.now() + STATE_SECONDS * 1000 }));
  reply.header('set-cookie', cookie(config, context, sealed, STATE_SECONDS));
}

/** The sign-in this browser started with the organisation, if it holds one that is still good; the cookie is spent either way. */
export function takeAuthorization(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Where,
  sealer: SealedText,
  context: string,
): PendingAuthorization | undefined {
  const sealed = parseCookieHeader(request.headers.cookie).get(STATE_COOKIE);
  reply.header('set-cookie', cookie(config, context, '', 0));
  const opened = sealed ? sealer.open(context, sealed) : undefined;
  if (!opened) return undefined;
  const held = JSON.parse(opened) as PendingAuthorization & { until: number };
  if (held.until < Date.now()) return undefined;
  return { state: held.state, nonce: held.nonce, codeVerifier: held.codeVerifier, returnTo: held.returnTo };
}
