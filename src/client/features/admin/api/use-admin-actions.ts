import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSetPasswordInput,
  AdminUpdateUserInput,
  AdminUserView,
} from '../../../../shared/schemas/admin';
import { apiJson } from '../../../lib/api';
import { invalidateAdminData } from './admin-queries';

type Message = { message: string };

function useAdminMutation<V, R = Message>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the caller's toast must come first. Awaiting would let the refetched list unmount the
    // row (a deleted round's card) before its callbacks run, and the toast would be lost.
    onSuccess: () => {
      void invalidateAdminData(queryClient);
    },
  });
}

export const useApproveUser = () =>
  useAdminMutation((id: string) => apiJson<Message>('POST', `/api/admin/approve-user/${id}`));

export const useRejectUser = () =>
  useAdminMutation((id: string) => apiJson<Message>('DELETE', `/api/admin/reject-user/${id}`));

export const useDeleteUser = () =>
  useAdminMutation((id: string) => apiJson<Message>('DELETE', `/api/admin/users/${id}`));

export const useUpdateUser = () =>
  useAdminMutation(({ id, input }: { id: string; input: AdminUpdateUserInput }) =>
    apiJson<AdminUserView>('PATCH', `/api/admin/users/${id}`, input),
  );

export const useChangeUserPassword = () =>
  useAdminMutation(({ id, input }: { id: string; input: AdminSetPasswordInput }) =>
    apiJson<Message>('POST', `/api/admin/users/${id}/change-password`, input),
  );

export const useApproveReset = () =>
  useAdminMutation(({ id, input }: { id: string; input: AdminSetPasswordInput }) =>
    apiJson<Message>('POST', `/api/admin/approve-password-reset/${id}`, input),
  );

export const useRejectReset = () =>
  useAdminMutation((id: string) => apiJson<Message>('DELETE', `/api/admin/reject-password-reset/${id}`));

export const useDeleteRound = () =>
  useAdminMutation((id: string) => apiJson<Message>('DELETE', `/api/admin/bid-rounds/${id}`));

/** Releases a verified identity, so the person may verify another account (decision 064). */
export const useReleaseIdentity = () =>
  useAdminMutation((id: string) => apiJson<AdminUserView>('DELETE', `/api/admin/users/${id}/identity`));
