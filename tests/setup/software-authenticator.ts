import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software passkey for the API tests (decision 037): it answers the server's options with real WebAuthn
// responses, as a phone or a security key would. ES256 on P-256, attestation 'none', CBOR written by hand
// (the few small maps WebAuthn needs). Overrides make the bad answers the tests need: another origin or RP
// ID, no user verification, a counter that goes back.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// CBOR (RFC 8949), just enough: unsigned and negative integers, byte and text strings, maps.
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Overrides {
  origin?: string;
  rpId?: string;
  /** Without FLAG_UV: the person was not verified. */
  flags?: number;
  /** The signature counter to send, instead of the next one. */
  counter?: number;
  type?: string;
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private clientData(type: string, challenge: string, o: Overrides): Buffer {
    const data = { type: o.type ?? type, challenge, origin: o.origin ?? this.origin, crossOrigin: false };
    return Buffer.from(JSON.stringify(data));
  }

  /** Answers creation options (POST /api/passkeys/registration-options) with a new credential. */
  register(options: { challenge: string; user: { id: string } }, o: Overrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)]);
    const counter = o.counter ?? 0;
    const data = authData(o.rpId ?? this.rpId, (o.flags ?? FLAG_UP | FLAG_UV) | FLAG_AT, counter, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', data],
      ]),
    );
    this.credentials.push({ id, privateKey, publicKey, userHandle: options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, o)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers request options (POST /api/auth/passkey-options) with a signature by one of its credentials. */
  authenticate(options: { challenge: string }, o: Overrides = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('the software authenticator has no credential');
    credential.counter = o.counter ?? credential.counter + 1;
    const data = authData(o.rpId ?? this.rpId, o.flags ?? FLAG_UP | FLAG_UV, credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o);
    const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
