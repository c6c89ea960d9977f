import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/schemas/site';

/** BID_IDENTITY, whether an eID provider is set up here, and its name (decision 064). */
export function useIdentityConfig(): PublicConfig['identity'] | undefined {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] }).data?.identity;
}
