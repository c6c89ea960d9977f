import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { apiJson } from '../../../lib/api';
import { expectSignOut } from '../sign-out';
import { CURRENT_USER_KEY } from '../use-current-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      apiJson<CurrentUser>('POST', '/api/auth/login', input),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

/**
 * 'Logg inn med passnøkkel': the server's options, the browser's prompt (any passkey of this site; the
 * device asks for a fingerprint, face or PIN), and the answer, which logs in as a password does. The
 * WebAuthn helper loads only now.
 */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await apiJson<PublicKeyCredentialRequestOptionsJSON>(
        'POST',
        '/api/auth/passkey-options',
      );
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON });
      return apiJson<CurrentUser>('POST', '/api/auth/passkey-login', { response });
    },
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      expectSignOut();
      return apiJson<{ message: string }>('POST', '/api/auth/logout');
    },
    onSuccess: () => {
      // Dropping the user stops every live list from polling before the page reloads.
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<{ message: string }>('POST', '/api/auth/resend-verification', { email }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<{ message: string }>('POST', '/api/auth/forgot-password', { email }),
  });
}
