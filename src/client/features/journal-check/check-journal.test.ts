import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import { sha256Hex, toBase64url, utf8 } from '../../../shared/chain-check/bytes';
import { parseJwkKeys, thumbprint } from '../../../shared/chain-check/chain-anchor';
import { parseReceipt } from '../../../shared/chain-check/read-export';
import { GENESIS_HASH } from '../../../shared/record/round-act';
import { signedHeadText, signedLinkText } from '../../../shared/record/signed-head';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { checkJournal } from './check-journal';

// The page's check (decision 062) on a chain signed as the server signs it (decision 057), with a key made
// here: what runs in the browser, run in Node, from the file's text to the words the page shows.

const secret = ed25519.utils.randomPrivateKey();
const x = toBase64url(ed25519.getPublicKey(secret));
const kid = thumbprint(x);
const keys = parseJwkKeys(JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid }] }));
const sign = (text: string) => toBase64url(ed25519.sign(utf8(text), secret));

const AMOUNTS = [4_000_000, 4_100_000, 4_250_000];

function chainOf(amounts: number[], sealWith = sign) {
  let prevHash = GENESIS_HASH;
  const acts = amounts.map((amount, i) => {
    const act = { v: 1, type: 'bid', roundId: 'r1', amount };
    const hash = sha256Hex(prevHash + canonicalJson(act as CanonicalValue));
    const link = {
      seq: i + 1,
      prevHash,
      hash,
      act,
      serverSignature: sealWith(signedLinkText({ seq: i + 1, hash })),
    };
    prevHash = hash;
    return link;
  });
  const last = acts.at(-1) as { seq: number; hash: string };
  const at = '2026-11-20T12:00:00.000Z';
  const head = { seq: last.seq, hash: last.hash, at };
  return {
    roundId: 'r1',
    relyingParty: { id: 'localhost', origin: 'http://localhost' },
    signingKey: { kid },
    head: {
      seq: last.seq,
      hash: last.hash,
      signedHead: { ...head, kid, signature: sign(signedHeadText(head)) },
    },
    acts,
  };
}

const good = chainOf(AMOUNTS);
const text = (value: unknown) => JSON.stringify(value);

describe('the page’s check of a downloaded chain', () => {
  it('a whole chain, signed by the key: it holds, anchored, and says by which key and when', async () => {
    const report = await checkJournal(text(good), [], keys);
    expect(report.verdict).toBe('holds');
    expect(report.title).toBe('Budjournalen er kontrollert og stemmer');
    expect(report.items.map((i) => i.held)).toEqual([true, true, true, true]);
    expect(report.items[1]?.text).toContain(`signert av Budrunde med nøkkel ${kid}`);
    expect(report.items[1]?.text).toContain('20. november 2026 kl. 13:00');
  });

  it('one amount changed: it says at which act the journal breaks', async () => {
    const changed = structuredClone(good);
    (changed.acts[1] as { act: { amount: number } }).act.amount = 4_200_000;
    const report = await checkJournal(text(changed), [], keys);
    expect(report.verdict).toBe('broken');
    expect(report.title).toBe('Budjournalen stemmer ikke: handling nr. 2 er ikke slik den ble registrert');
    expect(report.detail).toBe('Hashen stemmer ikke med handlingen.');
  });

  it('rewritten with every hash worked out anew: the server’s link signature fails there', async () => {
    const rewritten = chainOf([4_000_000, 4_200_000, 4_250_000], () => 'A'.repeat(86));
    rewritten.acts[0] = good.acts[0] as (typeof rewritten.acts)[0];
    const report = await checkJournal(text(rewritten), [], keys);
    expect(report.title).toContain('handling nr. 2');
    expect(report.detail).toContain('Lenken er ikke den Budrunde signerte');
  });

  it('a receipt: held when the chain has it, the act named when not', async () => {
    const held = await checkJournal(text(good), [{ seq: 2, hash: good.acts[1]?.hash ?? '' }], keys);
    expect(held.verdict).toBe('holds');
    expect(held.items.at(-1)).toEqual({
      held: true,
      text: 'Kvitteringen for handling nr. 2 finnes i kjeden med samme hash.',
    });
    const wrong = await checkJournal(text(good), [{ seq: 2, hash: 'f'.repeat(64) }], keys);
    expect(wrong.verdict).toBe('broken');
    expect(wrong.items.at(-1)?.held).toBe(false);
  });

  it('without the key: unanchored, unless a receipt anchors it', async () => {
    expect((await checkJournal(text(good), [], 'nettverket svarte ikke')).verdict).toBe('unanchored');
    const receipt = [{ seq: 3, hash: good.head.hash }];
    expect((await checkJournal(text(good), receipt, 'nettverket svarte ikke')).verdict).toBe('holds');
  });

  it('another server’s key, a cut-off file, a file that is no chain: a verdict in words, never a throw', async () => {
    const other = ed25519.getPublicKey(ed25519.utils.randomPrivateKey());
    const otherKeys = parseJwkKeys(text({ kty: 'OKP', crv: 'Ed25519', x: toBase64url(other) }));
    const stranger = await checkJournal(text(good), [], otherKeys);
    expect(stranger.title).toBe('Budjournalen kan ikke bekreftes: den er ikke signert med Budrundes nøkkel');
    const cut = await checkJournal(text(good).slice(0, 200), [], keys);
    expect(cut).toMatchObject({ verdict: 'unreadable', title: 'Filen kan ikke leses' });
    const notChain = await checkJournal(text({ hello: 1 }), [], keys);
    expect(notChain.title).toBe('Dette er ikke en budkjede fra Budrunde');
    const odd = await checkJournal(text({ ...good, acts: [{ seq: 1, act: 'x' }], head: 7 }), [], keys);
    expect(odd.verdict).toBe('broken');
  });

  it('reads a receipt as nr:hash or as the mail’s whole line', () => {
    const hash = 'A'.repeat(64);
    expect(parseReceipt(`7:${hash}`)).toEqual({ seq: 7, hash: 'a'.repeat(64) });
    expect(parseReceipt(` Budjournalens kjede: handling nr. 7, hash ${hash} `)).toEqual({
      seq: 7,
      hash: 'a'.repeat(64),
    });
    expect(parseReceipt('handling nr. 7')).toBeNull();
    expect(parseReceipt(`7:${hash}0`)).toBeNull();
  });
});
