import { sha256 } from '@noble/hashes/sha2';

// The few byte operations the chain's check needs, written so that they run the same in the browser and in
// Node (decision 062): no Buffer, no node:crypto. SHA-256 is @noble/hashes, synchronous in both, so that
// the check keeps its order and its shape.

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export const utf8Text = (data: Uint8Array): string => new TextDecoder('utf-8', { fatal: true }).decode(data);

export const sha256Bytes = (data: Uint8Array | string): Uint8Array =>
  sha256(typeof data === 'string' ? utf8(data) : data);

const hex = (data: Uint8Array) => Array.from(data, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the UTF-8 text, lowercase hex: a link's hash and every salted commitment (decision 040). */
export const sha256Hex = (text: string): string => hex(sha256Bytes(text));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64url(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [data[i], data[i + 1], data[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63] ?? '';
    out += ALPHABET[(n >> 12) & 63] ?? '';
    if (i + 1 < data.length) out += ALPHABET[(n >> 6) & 63] ?? '';
    if (i + 2 < data.length) out += ALPHABET[n & 63] ?? '';
  }
  return out;
}

/**
 * base64url (or plain base64) to bytes. Like Node's Buffer.from(text, 'base64url'), which the check used
 * before: padding is dropped and a character outside the alphabet ends the decoding, never throws.
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const index = char === '+' ? 62 : char === '/' ? 63 : ALPHABET.indexOf(char);
    if (index < 0) break;
    value = ((value << 6) | index) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

export const concatBytes = (a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
