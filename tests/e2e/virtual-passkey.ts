import type { Page } from 'playwright-core';

/**
 * A virtual authenticator (Chrome DevTools Protocol) for `page`, built into the device as a phone's or a
 * laptop's is, that verifies its user and answers at once. Answers the CDP session and its id.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A virtual authenticator (virtualAuthenticator) for `page`; then a passkey added
 * under 'Din profil' → 'Passnøkler' as a user does. Answers the CDP session and the authenticator's id.
 */
export async function addPasskeyOnScreen(page: Page, name: string) {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.getByRole('button', { name: 'Din profil' }).click();
  await page.getByRole('button', { name: 'Passnøkler' }).click();
  const passkeys = page.getByRole('dialog', { name: 'Passnøkler' });
  await passkeys.getByLabel('Navn på ny passnøkkel').fill(name);
  await passkeys.getByRole('button', { name: 'Legg til passnøkkel' }).click();
  await passkeys.getByRole('list', { name: 'Dine passnøkler' }).getByText(name).waitFor();
  await page.keyboard.press('Escape');
  await passkeys.waitFor({ state: 'detached' });
  return { cdp, authenticatorId };
}
