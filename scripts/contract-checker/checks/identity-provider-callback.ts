/**
 * The way back from an organisation's OpenID Provider (oidcIdentityProviderCallback): a context with
 * no such provider is refused in the error shape, and, given an organisation that has one, a
 * callback this client never started comes back to the front door refused, with no session.
 */
import { expectError, expectThat } from '../expect';
import { unknownContext, type CheckRun } from './check-run';

export async function checkIdentityProviderCallback({ api, report, oidcContext }: CheckRun): Promise<void> {
  await report.check("the OpenID Provider's callback of a context without one answers 404 not_found", async () => {
    const answer = await api.send({ operationId: 'oidcIdentityProviderCallback', params: { context: unknownContext() }, query: { code: 'x', state: 'y' } });
    expectError(answer, 404, 'not_found');
  });
  if (!oidcContext) return;

  await report.check('a callback no browser of this client started answers 303 to /login/sso/success with refused=failed and no session', async () => {
    const answer = await api.send({ operationId: 'oidcIdentityProviderCallback', params: { context: oidcContext }, query: { code: 'x', state: 'y' } });
    const location = answer.headers.get('location') ?? '';
    const target = URL.canParse(location, 'http://front.door') ? new URL(location, 'http://front.door') : undefined;
    expectThat(
      answer.status === 303 &&
        target?.pathname.endsWith('/login/sso/success') === true &&
        target.searchParams.get('refused') === 'failed' &&
        !target.searchParams.has('lcq'),
      answer,
      '303 to /login/sso/success?refused=failed without lcq',
    );
  });
}
