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
  | { state: 'needs-passkey' }
  /** The words could not be had (offline, no answer within 10 s, a server error): nothing can be signed. */
  | { state: 'failed'; reason: string; retry: () => void };

/** How long the words to sign may take before the dialog says what went wrong. */
const SIGNING_TEXT_TIMEOUT_MS = 10_000;

class SigningTextTimeout extends Error {}

export function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SigningTextTimeout()), SIGNING_TEXT_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function failureReason(error: unknown): string {
  if (typeof navigator !== 'undefined' && !navigator.onLine)
    return 'Du er frakoblet. Koble til nettet og prøv igjen.';
  if (error instanceof SigningTextTimeout)
    return 'Det tok for lang tid å hente teksten du signerer. Sjekk nettforbindelsen og prøv igjen.';
  if (error instanceof ApiError) return error.message;
  return 'Fikk ikke kontakt med Budrunde. Sjekk nettforbindelsen og prøv igjen.';
}

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
    queryFn: () => withinTimeout(fetchSigningOptions(act as SignatureOptionsInput)),
    enabled: act !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    // Asked even offline, so that it fails and says so, rather than wait paused for a network.
    networkMode: 'always',
  });
  if (query.isError)
    return { state: 'failed', reason: failureReason(query.error), retry: () => void query.refetch() };
  if (query.isPending && act !== null) return { state: 'loading' };
  return signingOf(query.data ?? null, config);
}
