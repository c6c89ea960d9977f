import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PlaceBidInput } from '../../../../shared/schemas/bid';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type { SignatureOptions } from '../../../../shared/schemas/signature';
import { type Signing, useActSigning } from './use-act-signing';

/** A bid's body without its signature and proof: the act that is signed (decision 039). */
export type BidAct = Omit<PlaceBidInput, 'signature' | 'financingProofId'>;

export type { Signing } from './use-act-signing';

/**
 * The statement and the passkey's options for a bid about to be confirmed, asked for when the confirm dialog
 * opens, so that the passkey is asked straight from the click on 'Signer og bekreft bud'. A 409 (no passkey,
 * or signing off) means the bid goes unsigned, unless signing is required.
 */
export function useBidSigning(act: BidAct | null): Signing {
  return useActSigning(act ? { act: 'bid', bid: act } : null);
}

/** Asks the passkey (the device asks for a fingerprint, face or PIN); the WebAuthn helper loads only now. */
export async function signWithPasskey(options: SignatureOptions): Promise<SignatureProof> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = options.options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  return { challengeId: options.challengeId, response: response as unknown as SignatureProof['response'] };
}
