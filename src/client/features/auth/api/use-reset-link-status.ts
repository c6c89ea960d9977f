import { useQuery } from '@tanstack/react-query';
import type { ResetTokenStatus } from '../../../../shared/schemas/auth';
import { apiJson } from '../../../lib/api';

/**
 * Whether the e-mailed reset link can still be used, asked before the form is shown. Asking does not spend
 * the link. Fetched once per page visit: a later change shows up when the form is sent.
 */
export function useResetLinkStatus(token: string) {
  return useQuery({
    queryKey: ['/api/auth/reset-password/status', token],
    queryFn: () =>
      apiJson<ResetTokenStatus>('GET', `/api/auth/reset-password/status?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
}
