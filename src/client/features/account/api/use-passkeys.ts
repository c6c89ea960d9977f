import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedPasskey, PasskeyList } from '../../../../shared/schemas/passkey';
import { apiJson } from '../../../lib/api';

export const PASSKEYS_KEY = ['/api/passkeys'] as const;

/** The user's passkeys; fetched when 'Passnøkler' is opened. */
export function usePasskeys() {
  return useQuery<PasskeyList>({ queryKey: PASSKEYS_KEY });
}

/** The password again, needed when the login is more than 10 minutes old (decision 037). */
const reauth = (password: string) => (password ? { password } : {});

/**
 * Asks the server for creation options, lets the browser make the passkey (the device asks for a
 * fingerprint, face or PIN), and sends the answer. The WebAuthn helper loads only now: most visits never
 * add a passkey.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const optionsJSON = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
        'POST',
        '/api/passkeys/registration-options',
        reauth(password),
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      return apiJson<CreatedPasskey>('POST', '/api/passkeys', { response, name: name.trim() || undefined });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      apiJson<{ message: string }>('DELETE', `/api/passkeys/${id}`, reauth(password)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
