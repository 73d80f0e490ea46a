/**
 * A passkey authenticator for the stories: a virtual platform authenticator of the DevTools protocol
 * that keeps discoverable credentials and verifies its user, in Chromium.
 */
import type { Page } from '@playwright/test';

/** `suggestions: false` makes a browser that offers no passkeys among a field's suggestions: only the button asks for one. */
export async function withAuthenticator(page: Page, options: { suggestions: boolean }): Promise<void> {
  if (!options.suggestions) {
    await page.addInitScript(() => Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) }));
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
