import type { ChainLink } from '../record/round-act';
import type { ExportedChain } from './verify-chain';

// What `npm run verify-journal` and the page /kontroller-budjournal read before they check (decision 062):
// the file as a chain export, and a receipt as the reader has it. One reading for both, so that a file one
// accepts the other accepts too; each says in its own words why a file cannot be read.

/** The file as a chain, or why not: 'not-json' (a cut-off or other file), 'not-chain' (JSON, but not ours). */
export type ReadExport = { ok: true; chain: ExportedChain } | { ok: false; why: 'not-json' | 'not-chain' };

export function readChainExport(text: string): ReadExport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'not-json' };
  }
  const v = value as Partial<ExportedChain> | null;
  const rp = v?.relyingParty;
  if (
    typeof v !== 'object' ||
    v === null ||
    !Array.isArray(v.acts) ||
    typeof rp?.id !== 'string' ||
    typeof rp?.origin !== 'string' ||
    v.acts.some((link) => typeof link !== 'object' || link === null)
  )
    return { ok: false, why: 'not-chain' };
  return { ok: true, chain: v as ExportedChain };
}

/**
 * A receipt: '7:3f2a…' as the command takes it, or the line a mail prints, pasted whole ('Budjournalens
 * kjede: handling nr. 7, hash 3f2a…', round-mails.ts). Null when the text is neither.
 */
export function parseReceipt(text: string): ChainLink | null {
  const trimmed = text.trim();
  const match =
    /^(\d+)\s*:\s*([0-9a-fA-F]{64})$/.exec(trimmed) ??
    /(?:^|\s)nr\.?\s*(\d+)\s*,?\s*hash:?\s*([0-9a-fA-F]{64})(?![0-9a-fA-F])/i.exec(trimmed);
  if (!match) return null;
  return { seq: Number(match[1]), hash: (match[2] ?? '').toLowerCase() };
}
