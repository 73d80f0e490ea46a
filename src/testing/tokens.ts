/** Session tokens for tests of the app, which reads claims and never checks signatures (flows 3). */
const base64url = (value: object) => btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');

export function testToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    sub: 'user-1',
    aud: 'acme',
    contexts: ['acme'],
    email: 'ada@example.com',
    iss: 'http://localhost',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}
