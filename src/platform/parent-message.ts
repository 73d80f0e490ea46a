/**
 * Messages from the embedded change-password page to the app around it (flows 4.10,
 * docs/decisions/0009-embedded-password-change.md). The app may be on the platform's own host or a
 * subdomain of it, over the front door's scheme, or on an origin ALLOWED_PARENT_ORIGINS names. A
 * message goes to the parent's own origin when the browser says what it is; otherwise to each named
 * origin and the platform's host, one by one, since the browser delivers a message only when the
 * parent's origin is the target. Never to '*'.
 */
import { isPlatformOrigin, platformOrigin } from '../../rules/platform-origins';

export interface PasswordChangeMessage {
  action: 'password-change';
  success: boolean;
}

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Who may hear the message: the origins the configuration names, and the platform's own. */
export interface AllowedParents {
  listed: readonly string[];
  /** The platform's host (PLATFORM_HOST), with its port when it has one. */
  platformHost: string;
  /** The front door's own scheme, `https:` or `http:`. */
  protocol: string;
}

const isOrigin = (value: string) => /^https?:\/\/[^/]+$/.test(value);

/**
 * The origins a message goes to: the parent's, when it is known and allowed (none when it is not);
 * for an unknown parent, each listed origin and the platform's host. Never a wildcard.
 */
export function messageTargets(parentOrigin: string | undefined, allowed: AllowedParents): string[] {
  const listed = allowed.listed.filter(isOrigin);
  if (parentOrigin !== undefined) {
    const known = listed.includes(parentOrigin) || isPlatformOrigin(parentOrigin, allowed.protocol, allowed.platformHost);
    return known ? [parentOrigin] : [];
  }
  const platform = platformOrigin(allowed.protocol, allowed.platformHost);
  return [...new Set(platform ? [...listed, platform] : listed)];
}

/**
 * The origin of the page around this one, as the browser tells it: `location.ancestorOrigins` where
 * the browser has it, else the origin of the referrer the parent sent when it loaded the frame.
 */
export function parentOrigin(location: { ancestorOrigins?: Pick<DOMStringList, 'item'> }, referrer: string): string | undefined {
  const ancestor = location.ancestorOrigins?.item(0);
  if (ancestor) return ancestor;
  if (!referrer) return undefined;
  try {
    return new URL(referrer).origin;
  } catch {
    return undefined;
  }
}

/** Posts the message to the parent at each target; answers how many were tried. */
export function tellParent(parent: ParentWindow | null, targets: readonly string[], message: PasswordChangeMessage): number {
  if (!parent) return 0;
  for (const origin of targets) parent.postMessage(message, origin);
  return targets.length;
}
