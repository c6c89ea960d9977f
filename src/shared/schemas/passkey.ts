import { z } from 'zod';
import '../zod-locale';

// The bodies of the passkey routes (decision 037). The browser's answers are WebAuthn's JSON forms
// (RegistrationResponseJSON, AuthenticationResponseJSON) as @simplewebauthn/browser makes them; their
// inner parts may carry fields newer browsers add, so only the outer bodies are strict.

export const MAX_PASSKEY_NAME_LENGTH = 60;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Ugyldig svar fra passnøkkelen');

const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** The new credential, as navigator.credentials.create() answered (RegistrationResponseJSON). */
export const registrationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** A signature by a stored credential, as navigator.credentials.get() answered (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** A signed act's proof (decision 039): the challenge from POST /api/signatures/options and the answer. */
export const signatureProofSchema = z.strictObject(
  { challengeId: z.uuid('Ugyldig signatur'), response: authenticationResponseSchema },
  { error: 'Ugyldig signatur' },
);
export type SignatureProof = z.input<typeof signatureProofSchema>;

/**
 * POST /api/passkeys/registration-options and DELETE /api/passkeys/{id}: the password again, needed only when
 * the session began more than 10 minutes ago.
 */
export const passkeyReauthSchema = z.strictObject({
  password: z.string().max(200).optional(),
});
export type PasskeyReauthInput = z.infer<typeof passkeyReauthSchema>;

/** POST /api/passkeys: the browser's answer to the creation options, and a name the user chose. */
export const addPasskeySchema = z.strictObject({
  response: registrationResponseSchema,
  name: z
    .string({ error: 'Navnet må være tekst' })
    .trim()
    .max(MAX_PASSKEY_NAME_LENGTH, `Navnet kan ha høyst ${MAX_PASSKEY_NAME_LENGTH} tegn`)
    .optional(),
});
export type AddPasskeyInput = z.input<typeof addPasskeySchema>;

/** POST /api/auth/passkey-login */
export const passkeyLoginSchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;

export type {
  CreatedPasskey,
  PasskeyList,
  PasskeyView,
} from './responses/passkey';
