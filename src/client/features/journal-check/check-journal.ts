import { type ChainKeys, KeyUnreadable, parseJwkKeys } from '../../../shared/chain-check/chain-anchor';
import { readChainExport } from '../../../shared/chain-check/read-export';
import { type ChainVerification, verifyChainExport } from '../../../shared/chain-check/verify-chain';
import { formatLongDate } from '../../../shared/format/date';
import type { ChainLink } from '../../../shared/record/round-act';

// The page /kontroller-budjournal's check (decision 062): the file the reader picked, read in the browser and
// checked by the same code as `npm run verify-journal` (src/shared/chain-check), against the key this server
// serves. Nothing is sent anywhere: the only request is the GET of the public key. What it found is said in
// words a home buyer reads, never a stack trace: every failure becomes a verdict.

export type Verdict = 'holds' | 'broken' | 'unanchored' | 'unreadable';

/** One thing checked: held (true), failed (false), or not reached because the check stopped before it (null). */
export interface CheckedItem {
  held: boolean | null;
  text: string;
}

export interface JournalCheckReport {
  verdict: Verdict;
  title: string;
  detail?: string;
  items: CheckedItem[];
  /** The round, the chain's length and head, when the file could be read. */
  facts?: { roundId: string | null; length: number; head: ChainLink | null };
}

/** The server's public keys (decision 057), or why they could not be had. */
export async function fetchChainKeys(): Promise<ChainKeys | string> {
  try {
    const response = await fetch('/.well-known/budrunde-chain-key.json', { credentials: 'omit' });
    if (!response.ok) return `serveren svarte ${response.status}`;
    return parseJwkKeys(await response.text());
  } catch (error) {
    return error instanceof KeyUnreadable ? error.message : 'nettverket svarte ikke';
  }
}

const unreadable = (title: string, detail: string): JournalCheckReport => ({
  verdict: 'unreadable',
  title,
  detail,
  items: [],
});

export async function checkJournal(
  fileText: string,
  receipts: ChainLink[],
  keys: ChainKeys | string,
): Promise<JournalCheckReport> {
  const read = readChainExport(fileText);
  if (!read.ok)
    return read.why === 'not-json'
      ? unreadable(
          'Filen kan ikke leses',
          'Filen er ikke hel: den er kanskje avbrutt under nedlastingen, eller det er en annen fil. Last ned kjeden på nytt fra budjournalen og prøv igjen.',
        )
      : unreadable(
          'Dette er ikke en budkjede fra Budrunde',
          'Velg filen budkjede-….json som du lastet ned med «Last ned kjeden (JSON)» i budjournalen.',
        );
  const chain = read.chain;
  let result: ChainVerification;
  try {
    result = await verifyChainExport(chain, { receipts, ...(typeof keys === 'string' ? {} : { keys }) });
  } catch {
    return unreadable(
      'Filen kan ikke kontrolleres',
      'Filen ser ut som en budkjede, men har en form kontrollen ikke kjenner. Last ned kjeden på nytt fra budjournalen.',
    );
  }
  const facts = {
    roundId: typeof chain.roundId === 'string' ? chain.roundId : null,
    length: result.length,
    head: result.head,
  };
  const kid = typeof chain.signingKey?.kid === 'string' ? chain.signingKey.kid : null;
  // Each receipt on its own, so that the report says which one fails when more than one is given.
  const inChain = receipts.map((r) => ({ ...r, held: chain.acts[r.seq - 1]?.hash === r.hash }));
  return { ...verdictOf(result, keys, receipts), items: itemsOf(result, keys, kid, inChain), facts };
}

function verdictOf(
  result: ChainVerification,
  keys: ChainKeys | string,
  receipts: ChainLink[],
): Pick<JournalCheckReport, 'verdict' | 'title' | 'detail'> {
  if (result.failed === 'key')
    return {
      verdict: 'broken',
      title: 'Budjournalen kan ikke bekreftes: den er ikke signert med Budrundes nøkkel',
      detail:
        'Filen er fra en annen server, eller den er laget eller endret av noen andre enn Budrunde. ' +
        (result.reason ?? ''),
    };
  if (!result.ok)
    return {
      verdict: 'broken',
      title: `Budjournalen stemmer ikke: handling nr. ${result.brokenAt} er ikke slik den ble registrert`,
      detail: `${result.reason ?? 'Ukjent feil'}.`,
    };
  if (!result.anchored)
    return {
      verdict: 'unanchored',
      title: 'Budjournalen henger sammen, men er ikke bekreftet av Budrunde',
      detail:
        `Vi fikk ikke hentet Budrundes nøkkel (${typeof keys === 'string' ? keys : 'ukjent feil'}), og du ga ingen kvittering. ` +
        'Uten en av dem kan ingen utelukke at filen er skrevet om fra start til slutt. Prøv igjen senere, eller lim inn en kvittering fra e-posten.',
    };
  const anchors = [
    typeof keys === 'string' ? null : 'Budrundes signatur',
    receipts.length > 0 ? (receipts.length === 1 ? 'kvitteringen din' : 'kvitteringene dine') : null,
  ].filter(Boolean);
  return {
    verdict: 'holds',
    title: 'Budjournalen er kontrollert og stemmer',
    detail: `Kjeden er hel, og ${anchors.join(' og ')} viser at det er den Budrunde registrerte.`,
  };
}

function itemsOf(
  result: ChainVerification,
  keys: ChainKeys | string,
  kid: string | null,
  receipts: (ChainLink & { held: boolean })[],
): CheckedItem[] {
  const { links, signatures, sealed, commitments, serverSignatures } = result.checked;
  // The check stops at the first act that fails: what comes after it was not reached.
  const walked = links === result.length && result.failed !== 'signatures' && result.failed !== 'commitments';
  const reached = (failedHere: boolean) => (failedHere ? false : walked ? true : null);
  const items: CheckedItem[] = [
    {
      held: reached(result.failed === 'links' || result.failed === 'head'),
      text:
        result.failed === 'links' || result.failed === 'head'
          ? `Kjeden er brutt: ${links} av ${result.length} handlinger henger sammen før feilen.`
          : `Kjeden er ubrutt: alle ${result.length} handlingene henger sammen, i rekkefølge, hver med riktig hash.`,
    },
  ];
  // Counts from a check that stopped at a fault cover the acts before it only, and say so.
  const sofar = walked ? '' : ' (fram til feilen; resten er ikke kontrollert)';
  if (typeof keys !== 'string' && result.failed !== 'key') {
    const failed = result.failed === 'server-signatures' || (result.failed === 'head' && walked);
    items.push({
      held: reached(failed),
      text: failed
        ? `Budrundes signatur stemmer for ${serverSignatures} av ${result.length} handlinger, men ikke for resten.`
        : !walked
          ? `Budrundes signatur stemmer for ${serverSignatures === 1 ? 'den ene handlingen' : `de ${serverSignatures} handlingene`} før feilen; resten er ikke kontrollert.`
          : `Hver handling og kjedehodet er signert av Budrunde med nøkkel ${kid ?? 'ukjent'}${
              result.headSignedAt ? `. Kjedehodet ble signert ${formatLongDate(result.headSignedAt)}` : ''
            }.`,
    });
  } else if (typeof keys === 'string')
    items.push({
      held: null,
      text: `Budrundes signaturer er ikke kontrollert: nøkkelen kunne ikke hentes (${keys}).`,
    });
  items.push({
    held: reached(result.failed === 'signatures'),
    text:
      (signatures + sealed === 0 && walked
        ? 'Ingen handlinger i kjeden er signert med passnøkkel.'
        : `Signaturer med passnøkkel som du kan se: ${signatures} kontrollert${sofar}.`) +
      (sealed > 0
        ? ` ${sealed} signaturer i andres handlinger er forseglet: de finnes, men bare de som handlet kan se dem.`
        : ''),
  });
  const own = result.own.length > 0 ? ` Dine egne handlinger er nr. ${result.own.join(', ')}.` : '';
  items.push({
    held: reached(result.failed === 'commitments'),
    text: `Dine egne opplysninger i kjeden (hvem du er, vilkår og erklæringer): ${commitments} kontrollert${sofar}.${own}`,
  });
  for (const receipt of receipts) {
    items.push({
      held: receipt.held,
      text: !receipt.held
        ? `Kvitteringen for handling nr. ${receipt.seq} stemmer ikke med kjeden.`
        : `Kvitteringen for handling nr. ${receipt.seq} finnes i kjeden med samme hash.`,
    });
  }
  return items;
}
