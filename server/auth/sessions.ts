/**
 * Sessions and devices: every sign-in starts a session, a row of server/db/sessions.ts whose id its
 * tokens carry as `sid`, with the browser and system it began on (ua-parser-js), its address with
 * the host part hidden, when it started and when it was last active (written at most every five
 * minutes). Its person lists their sessions, signs one out, the others, or every one; a session
 * signed out is refused at its next call on every instance, as a logged-out token is.
 */
import { randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { UAParser } from 'ua-parser-js';
import type { Queryable } from '../db/database-types';
import { audit } from '../db/audit';
import { appsOfSessions, queueBackchannelLogouts } from '../db/oidc';
import type { Services } from '../services';
import { withMail } from './mail-intents';
import { sha256Hex } from './sha256';
import { endSession, endSessionsOf, insertSession, liveSessions, setSessionDevice, type SessionRow } from '../db/sessions';

/** How often a session's last activity is written: every call would write on every call. */
export const ACTIVITY_EVERY_SECONDS = 5 * 60;

/** Where a sign-in comes from: its client address and the browser's User-Agent header. */
export interface Client {
  address: string;
  userAgent: string | undefined;
  /** The browser's device cookie (server/api/device-cookie.ts), where the sign-in's request carries it: a new one is mailed (server/auth/devices.ts). */
  device?: string | undefined;
}

/**
 * The names a session's browser and system are shown with, in the list and in mails. A User-Agent
 * header is whatever its sender wrote: a name off these lists, or a version that is not digits,
 * shows as unknown, so no one can make a mail to the owner say something of their choosing.
 */
const BROWSERS = [
  'Android Browser',
  'Brave',
  'Chrome',
  'Chrome Headless',
  'Chrome WebView',
  'Chromium',
  'DuckDuckGo',
  'Edge',
  'Firefox',
  'Firefox Focus',
  'IE',
  'Mobile Chrome',
  'Mobile Firefox',
  'Mobile Safari',
  'Opera',
  'Opera Mobi',
  'Safari',
  'Samsung Browser',
  'Silk',
  'UCBrowser',
  'Vivaldi',
  'Whale',
  'Yandex',
];
const SYSTEMS = ['Android', 'Chrome OS', 'Chromium OS', 'Debian', 'Fedora', 'HarmonyOS', 'iOS', 'Linux', 'Mac OS', 'macOS', 'Ubuntu', 'Windows'];
const VERSION = /^\d{1,4}(?:\.\d{1,4}){0,2}$/;

/** A name off `known` (in its own spelling, whatever the case it came in) with its version, or empty. */
function named(known: readonly string[], name: string | undefined, version: string | undefined): string {
  const listed = known.find((candidate) => candidate.toLowerCase() === name?.toLowerCase());
  if (!listed) return '';
  return version && VERSION.test(version) ? `${listed} ${version}` : listed;
}

type Device = { browser: string; system: string };

/**
 * The devices of the last User-Agent headers read: most sign-ins come from a browser seen before,
 * and parsing a header costs more than the rest of a session's start on the event loop.
 */
const recentDevices = new Map<string, Device>();
const RECENT_DEVICES = 512;

/** The browser and system a User-Agent header names, as a person would ("Chrome 131", "Windows 10"); empty when it names none we know. */
export function deviceOf(userAgent: string | undefined): Device {
  const header = userAgent ?? '';
  const known = recentDevices.get(header);
  if (known) return known;
  const { browser, os } = new UAParser(header).getResult();
  const device = Object.freeze({ browser: named(BROWSERS, browser.name, browser.major), system: named(SYSTEMS, os.name, os.version) });
  // The oldest entry makes room: a Map iterates in insertion order.
  if (recentDevices.size >= RECENT_DEVICES) recentDevices.delete(recentDevices.keys().next().value!);
  recentDevices.set(header, device);
  return device;
}

/** The groups of an IPv6 address, written out. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
}

/** The address without its host part: 203.0.113.* for IPv4, the first 48 bits of IPv6 (2001:db8:85a3:*). */
export function maskedAddress(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (isIPv6(address)) return `${ipv6Groups(address.split('%')[0]!).slice(0, 3).join(':')}:*`;
  return '';
}

/** A new session of a sign-in, answering its id (the tokens' `sid`). */
export async function startSession(db: Queryable, session: { userId: string; generation: number; ttlSeconds: number; client: Client }): Promise<string> {
  const id = randomUUID();
  const { userId, generation, ttlSeconds, client } = session;
  await insertSession(db, {
    id,
    userId,
    generation,
    ttlSeconds,
    ...deviceOf(client.userAgent),
    address: maskedAddress(client.address),
    deviceHash: client.device === undefined ? undefined : sha256Hex(client.device),
  });
  return id;
}

/** The browser a session began in, learnt after its start (a SAML sign-in's, at the browser's own call): its Logout ends it (server/auth/sign-out.ts). */
export async function sessionBeganIn(db: Queryable, sessionId: string, device: string): Promise<void> {
  await setSessionDevice(db, sessionId, sha256Hex(device));
}

export interface SessionView {
  id: string;
  browser: string;
  system: string;
  address: string;
  startedAt: string;
  lastActiveAt: string;
  current: boolean;
  /** The apps signed in with it through the OpenID Provider (flows 4.18). */
  apps: { id: string; name: string }[];
}

/** The person's sessions that still work, the one asking marked current and first, then the most recently active. */
export async function listSessions(db: Queryable, userId: string, currentSid: string | undefined): Promise<SessionView[]> {
  const rows = await liveSessions(db, userId);
  const ordered = [...rows.filter((row) => row.id === currentSid), ...rows.filter((row) => row.id !== currentSid)];
  const apps = await appsOfSessions(
    db,
    rows.map((row) => row.id),
  );
  return ordered.map((row: SessionRow) => ({
    id: row.id,
    browser: row.browser,
    system: row.system,
    address: row.address,
    startedAt: row.created_at.toISOString(),
    lastActiveAt: row.last_active_at.toISOString(),
    current: row.id === currentSid,
    apps: apps.filter((app) => app.session_id === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** A session's id: a UUID, as the table keeps it. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who signs out, from where, and the session they sign out with. */
export interface SigningOut {
  userId: string;
  currentSid: string | undefined;
  clientAddress: string;
}

/** Signs out one of the person's sessions, audited: false when they have no such session that still works. Its apps hear it. */
export async function signOutSession(services: Pick<Services, 'db' | 'mail'>, who: SigningOut, sessionId: string): Promise<boolean> {
  if (!SESSION_ID.test(sessionId)) return false;
  const ended = await withMail(services, async (tx) => {
    if (!(await endSession(tx, who.userId, sessionId))) return false;
    await queueBackchannelLogouts(tx, [sessionId]);
    return true;
  });
  if (!ended) return false;
  await audit(services.db, who.clientAddress, 'session.signed_out', { userId: who.userId, detail: { which: sessionId === who.currentSid ? 'this' : 'one' } });
  return true;
}

/** Signs out every session of the person but the one asking (`others`), or every one (`all`), audited; answers how many live ones ended. Their apps hear it. */
export async function signOutSessions(services: Pick<Services, 'db' | 'mail'>, who: SigningOut, which: 'others' | 'all'): Promise<number> {
  const live = await withMail(services, async (tx) => {
    const { ended, live } = await endSessionsOf(tx, who.userId, which === 'others' ? who.currentSid : undefined);
    await queueBackchannelLogouts(tx, ended);
    return live;
  });
  await audit(services.db, who.clientAddress, 'session.signed_out', { userId: who.userId, detail: { which, count: live } });
  return live;
}
