/** The kinds of file a financing proof may be, and how each is recognised by its first bytes. */
export const PROOF_TYPES = {
  'application/pdf': { extension: 'pdf', signature: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  'image/jpeg': { extension: 'jpg', signature: [0xff, 0xd8, 0xff] },
  'image/png': { extension: 'png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
} as const;

export type ProofContentType = keyof typeof PROOF_TYPES;

export function isProofContentType(value: string): value is ProofContentType {
  return Object.hasOwn(PROOF_TYPES, value);
}

/**
 * What the bytes are, whatever the name or the Content-Type header claims: a PDF, a JPEG, a PNG, or null.
 * A file's own signature is the only thing a downloader's program will go by.
 */
export function detectProofType(bytes: Buffer): ProofContentType | null {
  for (const [type, { signature }] of Object.entries(PROOF_TYPES)) {
    if (bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)) {
      return type as ProofContentType;
    }
  }
  return null;
}
