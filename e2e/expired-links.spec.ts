import { randomUUID } from 'node:crypto';
import { test, expect, mailedLink, registerAccount } from './fixtures';

test.use({ locale: 'en-GB' });

/** The expiry of a mailed link's token, seconds since the epoch: the claim the page reads (flows 5). */
const expiryOf = (link: URL) => {
  const token = Buffer.from(link.searchParams.get('token')!, 'base64').toString('utf8');
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
};

for (const { kind, path, heading, send } of [
  { kind: 'an invitation', path: '/signup', heading: 'Set up your account', send: 'register' },
  { kind: 'a reset', path: '/reset-password/update', heading: 'Choose a new password', send: 'forgot-password' },
]) {
  test(`${kind} link opened after it has expired says so before any typing, with the way to a new link`, async ({ page, request }) => {
    // A reset is for an account that has a password; an invitation for a newcomer.
    const email = send === 'forgot-password' ? (await registerAccount(request)).email : `e2e-${randomUUID()}@example.com`;
    expect((await request.post(`/api/${send}`, { data: { email, language: 'en' } })).status()).toBe(202);
    const link = await mailedLink(request, email, path);

    // The person opens the mail a minute after the link ran out.
    await page.clock.setSystemTime(new Date((expiryOf(link) + 60) * 1000));
    await page.goto(link.href);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'the invitation link might have expired' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'resetting your password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  });
}
