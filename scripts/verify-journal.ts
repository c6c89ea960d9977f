// Checks a round's chain offline, from the JSON that 'Last ned kjeden (JSON)' or
// GET /api/bid-rounds/{id}/journal/export gives (decision 040): every link, every
// signature, the commitments the reader holds the secrets of, the receipts given, and with a key the server's
// signatures over every link and the head (decision 057). Needs no account and no database; a key given as
// an address is fetched from there. The page /kontroller-budjournal runs the same check in a browser
// (src/shared/chain-check, decision 062).
//   npm run verify-journal -- budkjede.json
//   npm run verify-journal -- budkjede.json --receipt 7:3f2a…
//   npm run verify-journal -- budkjede.json --key https://budrunde.no/.well-known/budrunde-chain-key.json
// Exit code: 0 the chain holds, 1 it is broken or the key does not fit, 2 a file or key cannot be read or
// the call is wrong.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type ChainKeys,
  KeyUnreadable,
  parseChainKeys,
} from '../src/server/features/round-chain/chain-anchor';
import { parseReceipt, readChainExport } from '../src/shared/chain-check/read-export';
import {
  type ChainCheck,
  type ChainVerification,
  type ExportedChain,
  verifyChainExport,
} from '../src/shared/chain-check/verify-chain';
import type { ChainLink } from '../src/shared/record/round-act';

const USAGE = `Bruk: npm run verify-journal -- <fil> [--key <fil|adresse>] [--receipt <nr>:<hash> ...]

Kontrollerer en budkjede lastet ned fra Budrunde ('Last ned kjeden (JSON)'):
  <fil>                    kjeden som JSON
  --key <fil|adresse>      Budrundes offentlige kjedenøkkel: en fil (JWK Set, JWK eller PEM) eller
                           adressen den ligger på, https://<server>/.well-known/budrunde-chain-key.json
  --receipt <nr>:<hash>    en kvittering (handlingens nummer og hash), kan gis flere ganger
Uten nøkkel eller kvittering viser kontrollen bare at kjeden henger sammen: den som skrev om filen,
kan ha regnet ut hashene på nytt.
Avslutter med 0 når kjeden er hel, 1 når den er brutt eller nøkkelen ikke passer, 2 når en fil eller
nøkkel ikke kan leses.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readArgs(): { file: string; receipts: ChainLink[]; key: string | undefined } {
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      allowPositionals: true,
      options: {
        receipt: { type: 'string', multiple: true },
        key: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  try {
    parsed = parse();
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) fail('Oppgi nøyaktig én fil.');
  const receipts = (parsed.values.receipt ?? []).map((text) => {
    const receipt = parseReceipt(text);
    if (!receipt) fail(`Ugyldig kvittering '${text}': skriv den som <nr>:<hash> (64 heksadesimale tegn).`);
    return receipt;
  });
  return { file, receipts, key: parsed.values.key };
}

/** The public keys from a file or an address (decision 057); exit 2 when they cannot be had or read. */
async function readKeys(source: string): Promise<ChainKeys> {
  let text: string;
  if (/^https?:\/\//.test(source)) {
    try {
      const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) fail(`Kan ikke hente nøkkelen fra ${source}: svar ${response.status}`);
      text = await response.text();
    } catch (error) {
      fail(`Kan ikke hente nøkkelen fra ${source}: ${(error as Error).message}`);
    }
  } else {
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      fail(
        `Kan ikke lese nøkkelen ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  try {
    return parseChainKeys(text);
  } catch (error) {
    if (error instanceof KeyUnreadable) fail(`Nøkkelen ${source} kan ikke brukes: ${error.message}.`);
    throw error;
  }
}

function readExport(file: string): ExportedChain {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`Kan ikke lese ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const read = readChainExport(text);
  if (read.ok) return read.chain;
  if (read.why === 'not-json') fail(`${file} er ikke gyldig JSON.`);
  fail(`${file} er ikke en budkjede fra Budrunde (mangler acts eller relyingParty).`);
}

const ROLES: Record<string, string> = {
  owner: 'selger',
  bidder: 'budgiver',
  participant: 'deltaker',
  admin: 'administrator',
};

function report(
  exported: ExportedChain & Record<string, unknown>,
  result: ChainVerification,
  receipts: number,
  keyGiven: boolean,
) {
  const lines = [`Budkjede for budrunde ${String(exported.roundId ?? 'ukjent')}`];
  if (typeof exported.exportedAt === 'string') lines.push(`Eksportert: ${exported.exportedAt}`);
  const role = (exported.reader as { role?: string } | undefined)?.role;
  if (role) lines.push(`Lest som: ${ROLES[role] ?? role}`);
  lines.push('');
  // ✓ held, ✗ failed here, – not checked to the end (the check stops at the first broken act).
  const { links, signatures, commitments } = result.checked;
  const walked = links === result.length && result.failed !== 'signatures' && result.failed !== 'commitments';
  const mark = (check: ChainCheck) => {
    if (result.failed === check) return '✗';
    if (check === 'receipts') return result.checked.receipts === receipts ? '✓' : '✗';
    return walked ? '✓' : '–';
  };
  lines.push(`${mark('links')} Lenker: ${links} av ${result.length} stemmer`);
  lines.push(`${mark('signatures')} Signaturer: ${signatures} kontrollert`);
  if (result.checked.sealed > 0)
    lines.push(
      `  Forseglede signaturer i andres handlinger: ${result.checked.sealed} (de finnes, men delene er ikke dine å se)`,
    );
  lines.push(`${mark('commitments')} Forpliktelser du har nøkkelen til: ${commitments} kontrollert`);
  if (keyGiven) {
    const held = result.checked.serverSignatures;
    const serverMark =
      result.failed === 'server-signatures' || result.failed === 'key' ? '✗' : walked ? '✓' : '–';
    lines.push(`${serverMark} Serverens signaturer: ${held} av ${result.length} lenker stemmer med nøkkelen`);
    if (result.headSignedAt) lines.push(`✓ Kjedehodet er signert av Budrunde ${result.headSignedAt}`);
  }
  if (receipts > 0)
    lines.push(`${mark('receipts')} Kvitteringer: ${result.checked.receipts} av ${receipts} finnes i kjeden`);
  if (result.failed === 'head') lines.push('✗ Kjedehodet er ikke kjedens siste lenke');
  const own = result.own.length > 0 ? ` (nr. ${result.own.join(', ')})` : '';
  lines.push(`Dine egne handlinger: ${result.own.length}${own}`);
  lines.push(`Kjedens lengde: ${result.length}`);
  lines.push(
    result.head ? `Kjedehode: nr. ${result.head.seq}, ${result.head.hash}` : 'Kjedehode: ingen (tom kjede)',
  );
  lines.push('');
  lines.push(conclusion(result));
  return lines.join('\n');
}

function conclusion(result: ChainVerification): string {
  if (result.failed === 'key') return result.reason ?? 'Nøkkelen passer ikke.';
  if (!result.ok)
    return `Kjeden er brutt ved handling nr. ${result.brokenAt}: ${result.reason ?? 'ukjent feil'}`;
  return result.anchored ? 'Kjeden er hel.' : UNANCHORED;
}

const UNANCHORED = 'Kjeden henger sammen, men uten nøkkel eller kvittering kan ikke omskriving utelukkes';

const { file, receipts, key } = readArgs();
const exported = readExport(file);
const keys = key === undefined ? undefined : await readKeys(key);
const result = await verifyChainExport(exported, { receipts, ...(keys ? { keys } : {}) });
console.log(
  report(exported as ExportedChain & Record<string, unknown>, result, receipts.length, keys !== undefined),
);
process.exit(result.ok ? 0 : 1);
