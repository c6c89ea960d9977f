import { type CanonicalValue, canonicalJson } from '../signing/canonical-json';
import { sha256Hex } from './bytes';

// The commitments of an act that a reader holds the secret of (decision 040): who it is about and the salted
// hashes of its words and terms, and the round's journals (decision 058). Part of verify-chain.ts's check.

/** The part of an exported link the commitments are checked on. */
interface CommittedLink {
  act: Record<string, unknown>;
  secret?: {
    salt: string;
    userId?: string | null;
    terms?: unknown;
    statement?: string;
    message?: string;
    journals?: unknown;
  };
}

/** Why an act's commitments (the bidder and the salted hashes) do not hold for the reader's secret, if so. */
export function commitmentProblem(link: CommittedLink): string | null {
  const { act, secret } = link;
  if (!secret || typeof secret.salt !== 'string') return null;
  const salted = (text: string) => sha256Hex(secret.salt + text);
  if (typeof secret.userId === 'string' && 'bidder' in act && act.bidder !== salted(secret.userId))
    return 'Forpliktelsen (bidder) stemmer ikke med budgiveren';
  if (secret.terms !== undefined && 'terms' in act) {
    let terms: string;
    try {
      terms = canonicalJson(secret.terms as CanonicalValue);
    } catch {
      return 'Vilkårene kan ikke skrives som kanonisk JSON';
    }
    if (act.terms !== salted(terms)) return 'Vilkårene stemmer ikke med hashen i handlingen';
  }
  if (typeof secret.statement === 'string' && act.statement !== salted(secret.statement))
    return 'Erklæringen stemmer ikke med hashen i handlingen';
  if (typeof secret.message === 'string' && act.message !== salted(secret.message))
    return 'Selgerens melding stemmer ikke med hashen i handlingen';
  if (secret.journals !== undefined && 'journals' in act) {
    const digests = secret.journals;
    if (!Array.isArray(digests) || digests.some((d) => typeof d !== 'string'))
      return 'Budjournalenes hasher er ikke en liste';
    if (act.journals !== salted(canonicalJson(digests)))
      return 'Budjournalenes hasher stemmer ikke med handlingen';
  }
  return null;
}
