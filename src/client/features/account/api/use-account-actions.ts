import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '../../../../shared/schemas/auth';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { apiJson } from '../../../lib/api';
import { expectSignOut } from '../../auth/sign-out';
import { CURRENT_USER_KEY } from '../../auth/use-current-user';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiJson<CurrentUser>('PATCH', '/api/users/me', input),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiJson<{ message: string }>('POST', '/api/auth/change-password', input),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => {
      expectSignOut();
      return apiJson<{ message: string }>('DELETE', '/api/users/me');
    },
  });
}
