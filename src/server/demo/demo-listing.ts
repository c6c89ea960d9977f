import PDFDocument from 'pdfkit';
import { getOsloParts, makeOsloDate } from '../../shared/format/date';
import { createViewingSchema } from '../../shared/schemas/viewing';
import { databaseNow } from '../db/time';
import type { AppDeps } from '../deps';
import type { Viewer } from '../features/accounts/accounts.repository';
import { uploadProspectus } from '../features/prospectus/prospectus.service';
import { addViewing } from '../features/viewings/viewings.service';

const DAY = 86_400_000;

/** A short salgsoppgave for a demo round, made with pdfkit like the journals: a real PDF to download. */
export function demoProspectusPdf(round: {
  title: string;
  address: string;
  description: string;
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Salgsoppgave: ${round.title}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(20).text('Salgsoppgave');
    doc.moveDown(0.5).fontSize(14).text(round.title);
    doc.font('Helvetica').fontSize(11).text(round.address);
    doc.moveDown().font('Helvetica-Bold').text('Om boligen');
    doc.font('Helvetica').text(round.description);
    doc.moveDown().font('Helvetica-Bold').text('Tilstandsrapport');
    doc.font('Helvetica').text('Ingen vesentlige avvik. Se vedlagt tilstandsrapport hos megler.');
    doc.moveDown().fontSize(9).text('Demodata fra Budrunde. Ikke et ekte dokument.');
    doc.end();
  });
}

/** `daysAhead` days from now at hh:00–(hh+1):00 Oslo time, as the viewing form sends it. */
function viewingAt(now: Date, daysAhead: number, hour: number) {
  const d = getOsloParts(new Date(now.getTime() + daysAhead * DAY));
  return createViewingSchema.parse({
    startsAt: makeOsloDate(d.year, d.month, d.day, hour, 0).toISOString(),
    endsAt: makeOsloDate(d.year, d.month, d.day, hour + 1, 0)
      .toISOString()
      .replace('Z', '+00:00'),
    note: 'Ta gjerne med legitimasjon. Skotrekk ved inngangen.',
  });
}

/**
 * The house and the cabin get a salgsoppgave and a viewing, added as a seller adds them after publishing,
 * so the demo shows the viewings, 'Last ned salgsoppgave' and the 12:00 rule's shortest acceptance deadline.
 */
export async function seedDemoListing(
  deps: AppDeps,
  seller: Viewer,
  rounds: { id: string; title: string; address: string; description: string; daysAhead: number }[],
): Promise<void> {
  const now = await databaseNow(deps.db);
  for (const round of rounds.filter((r) => r.daysAhead >= 5)) {
    await uploadProspectus(deps, seller, round.id, await demoProspectusPdf(round));
    await addViewing(deps, seller, round.id, viewingAt(now, round.daysAhead - 3, 17));
  }
}
