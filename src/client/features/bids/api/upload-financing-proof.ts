import { ApiError } from '../../../lib/api';

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be sent, or null. The server checks the bytes again. */
export function proofFileProblem(file: File): string | null {
  // An empty type is a file the browser cannot name (no extension): the server reads its bytes.
  if (file.type && !PROOF_TYPES.includes(file.type))
    return 'Finansieringsbeviset må være en PDF-, JPEG- eller PNG-fil';
  if (file.size > MAX_PROOF_BYTES) return 'Finansieringsbeviset er større enn 10 MB';
  return null;
}

/** POST /api/financing-proofs: the file as the raw body, with its own content type. */
export async function uploadFinancingProof(file: File): Promise<{ id: string }> {
  const res = await fetch('/api/financing-proofs', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
  if (!res.ok || !body.id) {
    throw new ApiError(body.message ?? `${res.status}: ${res.statusText}`, res.status, body);
  }
  return { id: body.id };
}
