import { z } from 'zod';

/**
 * The link an act took in its round's chain (decision 040): every receipt carries it, the
 * answer of each act's call as `seq` and `hash`, with the server's signature over it (decision 057).
 */
const linkFields = {
  seq: z.number().int().positive().meta({ description: 'Handlingens plass i budrundens kjede' }),
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description: 'SHA-256 av forrige lenkes hash og handlingen (kanonisk JSON), heksadesimalt' }),
};

/** A link signed by the server's chain key (decision 057): an anchor the database cannot forge. */
export const signedHeadSchema = z
  .object({
    ...linkFields,
    at: z.iso.datetime().meta({ description: 'Da serveren signerte: kjeden sluttet her da' }),
    kid: z.string().meta({ description: 'Nøkkelens id, som i /.well-known/budrunde-chain-key.json' }),
    signature: z.string().meta({
      description:
        "Ed25519 over kanonisk JSON av { format: 'budrunde-kjedehode/1', seq, hash, at }, base64url",
    }),
  })
  .meta({ id: 'SignertKjedehode' });

export const chainLinkFields = { ...linkFields, signedHead: signedHeadSchema };

export const chainHeadSchema = z
  .object(chainLinkFields)
  .nullable()
  .meta({ id: 'Kjedehode', description: 'Siste lenke i budrundens kjede, eller null før første handling' });

/** The answer of an act's call that has nothing else to say: its message and its link. */
export const recordedActSchema = z
  .object({ message: z.string(), ...chainLinkFields })
  .meta({ id: 'RegistrertHandling' });

export type RecordedAct = z.input<typeof recordedActSchema>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** GET /api/bid-rounds/{id}/journal/export: the round's chain as one reader may see it (decision 040). */
export const chainExportSchema = z
  .object({
    format: z.literal('budrunde-kjede/1'),
    roundId: z.guid(),
    exportedAt: z.iso.datetime(),
    reader: z.object({ userId: z.guid(), role: z.enum(['owner', 'bidder', 'participant', 'admin']) }),
    relyingParty: z.object({ id: z.string(), origin: z.string() }),
    /** The key that signed the head and every link below (decision 057), and where its public half is listed. */
    signingKey: z.object({ kid: z.string(), fingerprint: z.string(), jwksUrl: z.url() }),
    head: chainHeadSchema,
    acts: z.array(
      z.object({
        seq: z.number().int().positive(),
        prevHash: hex64,
        hash: hex64,
        /** The server's signature of this link as a head (decision 057): the first rewritten link fails it. */
        serverSignature: z.string(),
        /** The act exactly as hashed: its canonical JSON is the text the hash covers. */
        act: z.record(z.string(), z.unknown()),
        /** The salt and what the act commits to, only where this reader may see them. */
        secret: z
          .object({
            salt: z.string(),
            userId: z.guid().nullable(),
            name: z.string().nullable(),
            terms: z.unknown().optional(),
            statement: z.string().optional(),
            signedAct: z.string().optional(),
            /** A sealed signature's parts (decision 055), for the readers of the act's terms. */
            signature: z
              .object({
                credentialId: z.string(),
                publicKey: z.string(),
                authenticatorData: z.string(),
                clientDataJSON: z.string(),
                signature: z.string(),
                nonce: z.string(),
              })
              .optional(),
            message: z.string().optional(),
            /** The SHA-256 of each stored journal of the round, sorted (decision 058). */
            journals: z.array(z.string()).optional(),
          })
          .optional(),
      }),
    ),
  })
  .meta({ id: 'Kjedeeksport' });

export type ChainExport = z.input<typeof chainExportSchema>;

/** GET /api/admin/bid-rounds/{id}/journal/verify: whether the stored chain and the round's rows hold (decision 040). */
export const chainVerificationSchema = z
  .object({
    ok: z.boolean().meta({ description: 'Om kjeden og radene i databasen stemmer' }),
    length: z.number().int().min(0).meta({ description: 'Antall handlinger i kjeden' }),
    head: chainHeadSchema,
    brokenAt: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'Første handling (seq) som ikke stemmer; bare når ok er false' }),
  })
  .meta({ id: 'Kjedekontroll' });
