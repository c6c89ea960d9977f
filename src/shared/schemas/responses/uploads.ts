import { z } from 'zod';

/** POST /api/objects/upload: a short-lived link to PUT one image to. */
export const uploadLinkSchema = z.object({ uploadURL: z.string() });
export type UploadLink = z.input<typeof uploadLinkSchema>;

/** PUT to the upload link, and PUT /api/property-images: the path a round stores and shows the image at. */
export const storedImageSchema = z.object({ objectPath: z.string() });
export type StoredImage = z.input<typeof storedImageSchema>;

/** POST /api/financing-proofs: the id to attach to the next bid. */
export const uploadedProofSchema = z.object({ id: z.guid() });
export type UploadedProof = z.input<typeof uploadedProofSchema>;

/** A file's bytes as they are, for the responses that are not JSON (images, financing proofs). */
export const fileBytesSchema = z.string().meta({ format: 'binary' });
