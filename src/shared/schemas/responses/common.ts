import { z } from 'zod';

/**
 * Response schemas: the single description of what the API answers. The server serialises through them, so
 * no field outside them leaves it, and the OpenAPI document is generated from them. The client imports only
 * their types (`z.input`, the JSON as sent), never these values, so they add nothing to its bundle.
 */

/** A time as the JSON carries it: ISO 8601 in UTC, as Date.toISOString() writes it. */
export const timestamp = z.iso.datetime();

/** The answer of a call whose only result is that it was done: a sentence in Norwegian for the user. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Melding' });
export type MessageResponse = z.input<typeof messageSchema>;
