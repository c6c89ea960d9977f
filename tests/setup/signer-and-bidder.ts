import { signUp } from './accounts';
import { addPasskey, newAuthenticator } from './passkeys';
import type { TestApp } from './test-app';

/**
 * The people of a round with a signed and an unsigned bid (decision 039): the seller Sofie, Signe with a
 * passkey (her authenticator signs), and Ola without one, who bids as before.
 */
export async function sellerSignerAndBidder(t: TestApp) {
  const owner = await signUp(t, 'selger@example.no', { firstName: 'Sofie', lastName: 'Selger' });
  const signer = await signUp(t, 'signe@example.no', { firstName: 'Signe', lastName: 'Passnøkkel' });
  const ola = await signUp(t, 'ola@example.no', { firstName: 'Ola', lastName: 'Hansen' });
  const authenticator = newAuthenticator();
  await addPasskey(t, signer, authenticator, 'Mobilen');
  return { owner, signer, ola, authenticator };
}
