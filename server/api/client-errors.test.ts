import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { call, freshAddress, openApi, type Api } from '../testing/api';

describe('the app’s error reports', () => {
  let api: Api;

  beforeAll(async () => {
    api = await openApi(testDatabases[0]!);
  });
  afterAll(() => api.close());

  const report = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    call(api.app, { method: 'POST', url: '/client-errors', payload, remoteAddress });
  const reported = () =>
    api.logs.map((line) => JSON.parse(line) as { clientError?: Record<string, unknown> }).flatMap((entry) => (entry.clientError ? [entry.clientError] : []));

  it('are written to the structured log and answered 204', async () => {
    const response = await report({ message: 'POST /api/login answered 502', screen: '/login/password', code: 'error.general', status: 502 });
    expect(response.statusCode).toBe(204);
    expect(reported()).toContainEqual({ message: 'POST /api/login answered 502', screen: '/login/password', code: 'error.general', status: 502 });
  });

  it('never bring a token, a password, a code or an e-mail address into the log', async () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
    const message = `failed with Bearer ${token}, code 492039, password=Correct-Horse-9 for ada@example.com, secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP`;
    expect((await report({ message, screen: '/mfa/setup/confirm' })).statusCode).toBe(204);
    const text = api.logs.join('\n');
    for (const secret of [token, '492039', 'Correct-Horse-9', 'ada@example.com', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP']) expect(text).not.toContain(secret);
    expect(reported().at(-1)?.message).toContain('[redacted]');
  });

  it('refuse what the contract does not take: long text, a query in the screen, other fields', async () => {
    for (const payload of [
      { message: 'x'.repeat(501), screen: '/login' },
      { message: 'failed', screen: '/reset-password/update?token=abc' },
      { message: 'failed', screen: '/login', token: 'abc' },
    ]) {
      expect((await report(payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('are limited per client address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await report({ message: 'failed', screen: '/login' }, address)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
