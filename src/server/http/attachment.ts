import type { FastifyReply } from 'fastify';

/**
 * Sends a personal file to download: as an attachment under `fileName` (ASCII, so it needs no encoding),
 * and never kept by a browser's cache or a proxy (decision 009's financing proofs, decision 044's
 * salgsoppgave). The bytes go as they are: Fastify never serialises a Buffer.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: string; fileName: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
