/**
 * Session tokens as the checker sees them: verified with the server's published keys, their
 * claims read, and forged variants a server must refuse.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';

/** The claims the contract gives a session token (components.securitySchemes.bearerAuth). */
export interface SessionClaims {
  exp: number;
  aud: string;
  contexts: string[];
  sub: string;
  userId: string;
  email: string;
  iss: string;
  amr: string[];
}

export interface Session {
  context: string;
  token: string;
}

/** Verifies the token with the key set (ES256, by `kid`) and answers its payload. */
export async function verifyWithKeySet(token: string, keySet: JSONWebKeySet): Promise<Record<string, unknown>> {
  const header = decodeProtectedHeader(token);
  if (header.alg !== 'ES256') throw new Error(`expected a token signed with ES256, got alg ${String(header.alg)}`);
  if (typeof header.kid !== 'string') throw new Error('expected a kid in the token header, got none');
  if (!keySet.keys.some((key) => key.kid === header.kid)) {
    throw new Error(`expected a published key with kid "${header.kid}", got kids ${keySet.keys.map((key) => key.kid).join(', ')}`);
  }
  try {
    return (await jwtVerify(token, createLocalJWKSet(keySet), { algorithms: ['ES256'] })).payload;
  } catch (error) {
    throw new Error(`expected the published key to verify the token, got ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The `typ` header of a session token (contract, bearerAuth): every kind of token has its own, and
 * the kinds that are not sessions an audience of their own, `{API audience}/{kind}`.
 */
export const SESSION_TYP = 'session+jwt';

/** What is wrong with a token's `typ` header and audience for a session, one sentence each. */
export function sessionTypeProblems(token: string, payload: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const { typ } = decodeProtectedHeader(token);
  if (typ !== SESSION_TYP) problems.push(`the typ header must be ${SESSION_TYP}, got ${JSON.stringify(typ)}`);
  if (typeof payload.aud !== 'string' || payload.aud.includes('/')) {
    problems.push(`aud must be the API audience (one name, no kind after a slash), got ${JSON.stringify(payload.aud)}`);
  }
  return problems;
}

/** What is wrong with a payload as session claims, one sentence each. */
export function sessionClaimProblems(payload: Record<string, unknown>, email: string, nowSeconds = Date.now() / 1000): string[] {
  const problems: string[] = [];
  const text = (name: string) => typeof payload[name] === 'string' && payload[name] !== '';
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) problems.push(`exp must be a time in the future, got ${String(payload.exp)}`);
  for (const name of ['aud', 'sub', 'userId', 'email', 'iss']) {
    if (!text(name)) problems.push(`${name} must be a non-empty string, got ${JSON.stringify(payload[name])}`);
  }
  if (!Array.isArray(payload.contexts) || !payload.contexts.every((context) => typeof context === 'string')) {
    problems.push(`contexts must be a list of contexts, got ${JSON.stringify(payload.contexts)}`);
  }
  if (!Array.isArray(payload.amr) || !payload.amr.every((method) => typeof method === 'string')) {
    problems.push(`amr must be a list of methods, got ${JSON.stringify(payload.amr)}`);
  }
  if (payload.sub !== payload.userId) problems.push(`sub must equal userId, got sub ${String(payload.sub)} and userId ${String(payload.userId)}`);
  if (typeof payload.email === 'string' && payload.email.toLowerCase() !== email.toLowerCase()) {
    problems.push(`email must be ${email}, got ${payload.email}`);
  }
  return problems;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The same token with one character of its signature changed. */
export function withTamperedSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  // The first character carries six signature bits; the last may carry only padding bits.
  const changed = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return `${header}.${payload}.${changed}`;
}

/** The same claims, unsigned, as `alg: none` (RFC 7519 section 6). */
export function unsignedCopy(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
}
