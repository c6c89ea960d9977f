import { z } from 'zod';
import { timestamp } from './common';

// The answers of the passkey routes (see common.ts): ../passkey.ts re-exports their types.

/** One of the user's passkeys as 'Passnøkler' lists it: never a key. */
export const passkeyViewSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    createdAt: timestamp,
    /** The last login with it; null if it was never used. */
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: 'Passnokkel' });
export type PasskeyView = z.input<typeof passkeyViewSchema>;

/** GET /api/passkeys, newest first. */
export const passkeyListSchema = z
  .object({ passkeys: z.array(passkeyViewSchema) })
  .meta({ id: 'Passnokler' });
export type PasskeyList = z.input<typeof passkeyListSchema>;

/** POST /api/passkeys */
export const createdPasskeySchema = z
  .object({ passkey: passkeyViewSchema.pick({ id: true, name: true, createdAt: true }) })
  .meta({ id: 'NyPassnokkel' });
export type CreatedPasskey = z.input<typeof createdPasskeySchema>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/**
 * POST /api/passkeys/registration-options: WebAuthn's PublicKeyCredentialCreationOptionsJSON, for
 * navigator.credentials.create() (through @simplewebauthn/browser). Loose: the library may add fields.
 */
export const passkeyCreationOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
  })
  .meta({ id: 'PassnokkelOpprettelse' });
export type PasskeyCreationOptions = z.input<typeof passkeyCreationOptionsSchema>;

/** POST /api/auth/passkey-options: PublicKeyCredentialRequestOptionsJSON, for any of the user's passkeys. */
export const passkeyRequestOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: z.string().optional(),
  })
  .meta({ id: 'PassnokkelInnlogging' });
export type PasskeyRequestOptions = z.input<typeof passkeyRequestOptionsSchema>;
