/**
 * OpenID Connect Back-Channel Logout 1.0 (flows 4.18): an app registered with a back-channel
 * logout URI hears, by a logout token posted to it, that a front door session it signed in with has
 * ended, by any path (a Logout, an app's sign-out, the sessions page, "Sign out everywhere", a new
 * password, "This wasn't me", a reset of the second factor). The change that ends the session queues
 * one per app in its transaction (server/db/oidc.ts); the mail queue posts it after commit, tries
 * again with backoff, and hands each to one instance only (server/mail/mail-queue.ts). The ID token's
 * `sid` is the front door session's id, and so is the logout token's.
 */
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { SignJWT } from 'jose';
import type { Services } from '../services';
import type { Composed } from '../mail/mail-queue';
import { findOidcClient } from '../db/oidc';
import { isLoopback } from '../../rules/loopback';

export interface BackchannelLogout {
  clientId: string;
  userId: string;
  /** The front door session that ended: the `sid` of the app's ID token. */
  sid: string;
}

/** The event a logout token carries (Back-Channel Logout 1.0 section 2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How long a logout token may be taken: its post is tried again with a new one. */
const LOGOUT_TOKEN_SECONDS = 120;

/** Loopback, private, link-local and other addresses no app on the internet has. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Do all the addresses a host name stands for belong to the internet (none on this machine or a private network)? */
async function onlyPublicAddresses(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isLoopback(hostname)) return false;
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  return addresses.length > 0 && addresses.every(({ address, family }) => !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4'));
}

/**
 * The post of a queued back-channel logout: a logout token signed with the front door's key (typ
 * `logout+jwt`; `iss`, `aud`, `iat`, `exp`, `jti`, `sub`, `sid`, the logout event, no `nonce`). An app
 * no longer registered for it gets none; an address on this machine or a private network is refused
 * unless the development pages are on (the demo apps and the tests listen on loopback).
 */
export async function composeBackchannelLogout(services: Pick<Services, 'db' | 'config' | 'signingKey'>, logout: BackchannelLogout): Promise<Composed> {
  const { db, config, signingKey } = services;
  const client = await findOidcClient(db, logout.clientId);
  if (!client?.backchannel_logout_uri) return { kind: 'nothing' };
  const to = new URL(client.backchannel_logout_uri);
  if (!config.devPages && !(await onlyPublicAddresses(to.hostname)))
    return { kind: 'refused', reason: `${to.hostname} is on this machine or a private network: no logout token goes there.` };
  const token = await new SignJWT({ sid: logout.sid, events: { [LOGOUT_EVENT]: {} } })
    .setProtectedHeader({ alg: 'ES256', kid: signingKey.kid, typ: 'logout+jwt' })
    .setIssuer(config.publicUrl)
    .setAudience(logout.clientId)
    .setSubject(logout.userId)
    .setIssuedAt()
    .setExpirationTime(`${LOGOUT_TOKEN_SECONDS}s`)
    .setJti(randomUUID())
    .sign(signingKey.privateKey);
  return { kind: 'post', to: to.href, form: { logout_token: token } };
}
