import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { TestApp } from './test-app';

/** A real PDF, as pdfkit writes it, with `text` on its one page. */
export function makePdf(text = 'Salgsoppgave'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

/** PUT /api/bid-rounds/{id}/prospectus with the file as the raw body. */
export function putProspectus(
  t: TestApp,
  cookie: string | undefined,
  roundId: string,
  bytes: Buffer,
  contentType = 'application/pdf',
) {
  return t.request({
    method: 'PUT',
    url: `/api/bid-rounds/${roundId}/prospectus`,
    cookie,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
}

/** The salgsoppgaver in local storage, by file name: what a refused upload must not have left behind. */
export async function storedProspectuses(t: TestApp): Promise<string[]> {
  return readdir(join(t.deps.env.DATA_DIR, 'objects', 'prospectuses')).catch(() => []);
}
