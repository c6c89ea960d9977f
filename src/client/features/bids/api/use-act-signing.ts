import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/responses/site';
import type { SignatureOptions, SignatureOptionsInput } from '../../../../shared/schemas/signature';
import { ApiError, apiJson } from '../../../lib/api';

// Signing a binding act with a passkey (decisions 039 and 041): the words and the options for any act the
// server signs, asked for before the click that binds, so that the passkey is asked straight from it.

export type Signing =
  | { state: 'loading' }
  /** The user has a passkey: these words are signed on confirming. */
  | { state: 'ready'; options: SignatureOptions }
  /** No passkey, or signing is off: the act goes unsigned. */
  | { state: 'unsigned' }
  /** BID_SIGNING=required and the user has no passkey: they must add one first. */
  | { state: 'needs-passkey' };

/** The options for `act`, or null when it goes unsigned (409: no passkey, or signing off). */
export async function fetchSigningOptions(act: SignatureOptionsInput): Promise<SignatureOptions | null> {
  try {
    return await apiJson<SignatureOptions>('POST', '/api/signatures/options', act);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
}

/** What an answer of fetchSigningOptions means, with signing required or not (GET /api/config). */
export function signingOf(options: SignatureOptions | null, config: PublicConfig | undefined): Signing {
  if (options) return { state: 'ready', options };
  return config?.bidSigning === 'required' ? { state: 'needs-passkey' } : { state: 'unsigned' };
}

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] }).data;
}

/**
 * The statement and the passkey's options for an act about to be confirmed, asked for when its dialog opens
 * (`act` set). Each opening asks anew: a challenge is good once.
 */
export function useActSigning(act: SignatureOptionsInput | null): Signing {
  const config = usePublicConfig();
  const query = useQuery<SignatureOptions | null>({
    queryKey: ['signature-options', act],
    queryFn: () => fetchSigningOptions(act as SignatureOptionsInput),
    enabled: act !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (query.isPending && act !== null) return { state: 'loading' };
  return signingOf(query.data ?? null, config);
}
