/**
 * Messages from the embedded change-password page to the app around it (flows 4.10). They go only
 * to the parent origins the runtime configuration allows, one by one: the browser delivers a
 * message only when the parent's origin is the target, so an app on another origin receives
 * nothing. Never to '*', and with no allowed origin, nothing is sent.
 */
export interface PasswordChangeMessage {
  action: 'password-change';
  success: boolean;
}

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The origins a message may go to: the allowed ones, never a wildcard. */
export function messageTargets(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.filter((origin) => origin !== '*' && /^https?:\/\/[^/]+$/.test(origin));
}

export function tellParent(parent: ParentWindow | null, allowedOrigins: readonly string[], message: PasswordChangeMessage): number {
  if (!parent) return 0;
  const targets = messageTargets(allowedOrigins);
  for (const origin of targets) parent.postMessage(message, origin);
  return targets.length;
}
