/**
 * The device authorization grant (RFC 8628, flows 4.18) for clients registered with `--device`: a
 * TV, a console or a command line asks for a code at `device_authorization_endpoint`, shows it,
 * and polls the token endpoint every `interval` seconds while its person types the code on the
 * front door's code page (server/oidc/device-pages.ts), confirms, and signs in on the front door's
 * own screens. The user code is eight letters of a twenty-letter alphabet without vowels, so no 0/O
 * or 1/I can be mistaken and no word spelled; typing codes is counted per address. A device that
 * polls faster than its interval hears `slow_down`; the engine says neither that nor the interval.
 */
import type { Configuration } from 'oidc-provider';
import type { Queryable } from '../db/database-types';
import { LIMITS, hit } from '../auth/rate-limit';
import { sha256Hex } from '../auth/sha256';
import { DEVICE_CODE_GRANT } from './clients';
import { deviceCodePage, deviceConfirmPage, deviceDonePage } from './device-pages';
import type { Middleware } from './middleware';
type DeviceFlow = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>;

/** Seconds between a device's polls (RFC 8628 section 3.2). */
export const POLL_INTERVAL_SECONDS = LIMITS.devicePolls.windowSeconds;

export const deviceFlow: DeviceFlow = {
  enabled: true,
  charset: 'base-20',
  mask: '****-****',
  userCodeInputSource: async (ctx, _form, _out, error) => {
    ctx.type = 'html';
    ctx.body = deviceCodePage(ctx, error as { name?: string; userCode?: string } | undefined);
  },
  userCodeConfirmSource: async (ctx, form, client, _deviceInfo, userCode) => {
    ctx.type = 'html';
    ctx.body = deviceConfirmPage(ctx, form, client.clientName ?? client.clientId, userCode);
  },
  successSource: async (ctx) => {
    ctx.type = 'html';
    ctx.body = deviceDonePage(ctx);
  },
};

/**
 * The device's answers the engine leaves out: the `interval` of its code, and `slow_down` to a poll
 * sooner than that after the last one (the device then waits five seconds more, section 3.5).
 */
export function pacePolls(db: Queryable): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = (ctx as { oidc?: { route?: string; params?: { grant_type?: unknown; device_code?: unknown } } }).oidc;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (oidc?.route === 'device_authorization' && ctx.status === 200 && body) {
      ctx.body = { ...body, interval: POLL_INTERVAL_SECONDS };
      return;
    }
    if (oidc?.route !== 'token' || oidc.params?.grant_type !== DEVICE_CODE_GRANT || typeof oidc.params.device_code !== 'string') return;
    if (ctx.status !== 400 || body?.error !== 'authorization_pending') return;
    if (!(await hit(db, LIMITS.devicePolls, sha256Hex(oidc.params.device_code))).allowed)
      ctx.body = { error: 'slow_down', error_description: `Poll at most every ${POLL_INTERVAL_SECONDS} seconds, and now five more.` };
  };
}
