import { z } from 'zod';
import '../zod-locale';
import { MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE } from '../rules/round-edits';

/** PUT /api/bid-rounds/{id}/photos: every photo of the round in its order, the cover first; empty for none. */
export const roundPhotosSchema = z.object({
  imageUrls: z
    .array(z.string().max(500, 'Ugyldig bildeadresse'), { error: 'Bildene mangler' })
    .max(MAX_ROUND_PHOTOS, TOO_MANY_PHOTOS_MESSAGE),
});

export type RoundPhotosInput = z.infer<typeof roundPhotosSchema>;
