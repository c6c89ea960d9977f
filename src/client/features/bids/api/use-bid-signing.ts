import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import type { PlaceBidInput } from '../../../../shared/schemas/bid';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import type { PublicConfig } from '../../../../shared/schemas/responses/site';
import type { SignatureOptions } from '../../../../shared/schemas/signature';
import { ApiError, apiJson } from '../../../lib/api';

/** A bid's body without its signature and proof: the act that is signed (decision 039). */
export type BidAct = Omit<PlaceBidInput, 'signature' | 'financingProofId'>;

export type Signing =
  | { state: 'loading' }
  /** The user has a passkey: these words are signed on confirming. */
  | { state: 'ready'; options: SignatureOptions }
  /** No passkey, or signing is off: the bid goes unsigned. */
  | { state: 'unsigned' }
  /** BID_SIGNING=required and the user has no passkey: they must add one first. */
  | { state: 'needs-passkey' };

/**
 * The statement and the passkey's options for a bid about to be confirmed, asked for when the confirm dialog
 * opens, so that the passkey is asked straight from the click on 'Signer og bekreft bud'. A 409 (no passkey,
 * or signing off) means the bid goes unsigned, unless signing is required.
 */
export function useBidSigning(act: BidAct | null): Signing {
  const config = useQuery<PublicConfig>({ queryKey: ['/api/config'] }).data;
  const query = useQuery<SignatureOptions | null>({
    queryKey: ['signature-options', act],
    queryFn: async () => {
      try {
        return await apiJson<SignatureOptions>('POST', '/api/signatures/options', { act: 'bid', bid: act });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return null;
        throw error;
      }
    },
    enabled: act !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (query.data) return { state: 'ready', options: query.data };
  if (query.isPending && act !== null) return { state: 'loading' };
  return config?.bidSigning === 'required' ? { state: 'needs-passkey' } : { state: 'unsigned' };
}

/** Asks the passkey (the device asks for a fingerprint, face or PIN); the WebAuthn helper loads only now. */
export async function signWithPasskey(options: SignatureOptions): Promise<SignatureProof> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = options.options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  return { challengeId: options.challengeId, response: response as unknown as SignatureProof['response'] };
}
