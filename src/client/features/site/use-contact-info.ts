import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/schemas/site';

/** The company's contact details, configured on the server (CONTACT_* variables). */
export function useContactInfo(): PublicConfig['contact'] | undefined {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] }).data?.contact;
}
