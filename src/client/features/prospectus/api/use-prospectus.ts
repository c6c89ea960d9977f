import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { ApiError, apiJson } from '../../../lib/api';
import { invalidateRoundData, patchRound } from '../../bid-rounds/api/round-queries';

/** As the server counts it (decision 044); the server checks the size and the bytes again. */
export const MAX_PROSPECTUS_BYTES = 25 * 1024 * 1024;

/** Why a chosen file cannot be the salgsoppgave, or null. */
export function prospectusFileProblem(file: File): string | null {
  // An empty type is a file the browser cannot name: the server reads its bytes.
  if (file.type && file.type !== 'application/pdf') return 'Salgsoppgaven må være en PDF-fil';
  if (file.size > MAX_PROSPECTUS_BYTES) return 'Salgsoppgaven er større enn 25 MB';
  return null;
}

export const prospectusUrl = (roundId: string) => `/api/bid-rounds/${roundId}/prospectus`;

/** PUT …/prospectus: the file as the raw body. Answers the round as its page shows it. */
async function sendProspectus(roundId: string, file: File): Promise<BidRoundView> {
  const res = await fetch(prospectusUrl(roundId), {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/pdf' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as Partial<BidRoundView> & { message?: string };
  if (!res.ok) throw new ApiError(body.message ?? `${res.status}: ${res.statusText}`, res.status, body);
  return body as BidRoundView;
}

/** Upload (or replace) and remove: the answer is written into every copy of the round, then all refetch. */
export function useProspectus(roundId: string) {
  const queryClient = useQueryClient();
  const settle = (round: BidRoundView) => {
    patchRound(queryClient, roundId, (old) => ({ ...old, property: round.property, changes: round.changes }));
    return invalidateRoundData(queryClient, roundId);
  };
  const upload = useMutation({
    mutationFn: (file: File) => sendProspectus(roundId, file),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: () => apiJson<BidRoundView>('DELETE', prospectusUrl(roundId)),
    onSuccess: settle,
  });
  return { upload, remove };
}
