/**
 * The session token as the app reads it (flows 3): a signed JWT whose claims are read client-side
 * with jwt-decode. The signature is the API's business; the app only needs the claims to route.
 */
import { jwtDecode } from 'jwt-decode';

export interface SessionToken {
  /** The raw token text, sent as bearer and stored in the cookie. */
  raw: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /**
   * The organisation context, or the API audience for a user without organisation. Kinds other than
   * a session have the audience `{API audience}/{kind}` (contract, bearerAuth); this is the part
   * before the slash, the API audience, where such a token logs out.
   */
  aud: string;
  /** The contexts the token reaches. */
  contexts: string[];
  userId: string;
  email: string;
  iss: string;
  /** How the user proved who they are (`pwd`, `otp`, `saml`), when the token says so. */
  amr?: string[];
}

interface Claims {
  exp?: unknown;
  aud?: unknown;
  contexts?: unknown;
  sub?: unknown;
  userId?: unknown;
  email?: unknown;
  iss?: unknown;
  amr?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A list of contexts, or, as the shared layer writes it, an object whose keys are the contexts (flows 3). */
function contextsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((context): context is string => typeof context === 'string');
  if (value !== null && typeof value === 'object') return Object.keys(value);
  return [];
}

/**
 * Reads the claims of a token. A token without a payload part raises 'Unable to parse JWT'
 * (flows 8); other malformed tokens raise jwt-decode's error. The answer is undefined when the
 * claims do not make a session: one needs both `sub` (or `userId`) and `aud` (flows 3).
 */
export function decodeSessionToken(raw: string): SessionToken | undefined {
  if (!raw.split('.')[1]) throw new Error('Unable to parse JWT');
  const claims = jwtDecode<Claims>(raw);
  const userId = text(claims.sub) || text(claims.userId);
  const aud = (Array.isArray(claims.aud) ? text(claims.aud[0]) : text(claims.aud)).split('/')[0] ?? '';
  if (!userId || !aud) return undefined;
  return {
    raw,
    exp: typeof claims.exp === 'number' ? claims.exp : 0,
    aud,
    contexts: contextsOf(claims.contexts),
    userId,
    email: text(claims.email),
    iss: text(claims.iss),
    ...(Array.isArray(claims.amr) ? { amr: claims.amr.filter((method): method is string => typeof method === 'string') } : {}),
  };
}

/**
 * The last token read and its session: a sign-in's answer is read by the step it takes, by the
 * session's store and by the cookie of the context it enters, in the task before the page leaves
 * (docs/decisions/0018-one-round-trip-a-step.md, "The step after the password, and the code's").
 */
let lastRead: SessionToken | undefined;

/** The session of a stored token; a token that cannot be parsed is logged and treated as none (flows 8). */
export function parseSessionToken(raw: string | null | undefined): SessionToken | undefined {
  if (!raw) return undefined;
  if (lastRead?.raw === raw) return lastRead;
  try {
    lastRead = decodeSessionToken(raw);
    return lastRead;
  } catch (error) {
    console.error('The stored session token cannot be parsed.', error);
    return undefined;
  }
}

/**
 * The token of an invitation or reset link: base64 in the `token` query parameter (flows 5), and
 * it must read as a session token. Anything else is no token, logged as an error.
 */
export function readLinkToken(parameter: string | undefined): SessionToken | undefined {
  if (!parameter) return undefined;
  let raw: string;
  try {
    raw = atob(parameter.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, ''));
  } catch (error) {
    console.error('The link token is not base64.', error);
    return undefined;
  }
  return parseSessionToken(raw);
}

/** Has the token's lifetime run out? */
export function isExpired(token: SessionToken, now: number = Date.now()): boolean {
  return token.exp * 1000 <= now;
}

/** The context to ask about the user's organisations: the audience when it is one, else the first context. */
export function homeContext(token: Pick<SessionToken, 'aud' | 'contexts'>): string | undefined {
  return token.contexts.includes(token.aud) ? token.aud : token.contexts[0];
}

/** Has the user proved a second factor (TOTP) for this session? Unknown, when the token does not say, counts as maybe (flows 4.6). */
export function mayHaveTotp(token: Pick<SessionToken, 'amr'>): boolean {
  return token.amr === undefined || token.amr.includes('otp');
}

/** The context to enter without asking: the one the domain parameter names, or the only one (flows 4.7). */
export function shortcutContext(contexts: readonly string[], domain: string | undefined): string | undefined {
  const named = domain && contexts.find((context) => context.toLowerCase() === domain.toLowerCase());
  return named || (contexts.length === 1 ? contexts[0] : undefined);
}
