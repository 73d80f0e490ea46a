import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/preact';
import type { ComponentType } from 'react';
import { ScreenHost } from '../../router/ScreenHost';
import { addressFlow } from '../../flow/address-flow';
import { Signup } from '../Signup';
import { PasswordUpdate } from '../PasswordUpdate';
import { testToken } from '../../testing/tokens';

/** The page of a link as the server writes it into a mail, the token base64 in `token` (flows 5), as its first view shows it. */
function openLink(path: string, Screen: ComponentType, expiresIn: number) {
  const token = btoa(testToken({ exp: Math.floor(Date.now() / 1000) + expiresIn }));
  render(
    <ScreenHost flow={addressFlow(path, {}, { token }, () => {})} titleKey="title.signup">
      <Screen />
    </ScreenHost>,
  );
}

afterEach(cleanup);

describe.each([
  ['an invitation link', '/signup', Signup, 'Set up your account'],
  ['a reset link', '/reset-password/update', PasswordUpdate, 'Choose a new password'],
])('%s', (_name, path, Screen, heading) => {
  it('that has expired says so at once, with the way to a new link, and asks for no password', async () => {
    openLink(path, Screen, -60);
    const message = await screen.findByText(/the invitation link might have expired/);
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'resetting your password' }).getAttribute('href')).toBe('/reset-password?username=ada%40example.com');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('that is still valid asks for the new password', async () => {
    openLink(path, Screen, 3600);
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText(/the invitation link might have expired/)).toBeNull();
  });
});
