import { config } from 'zod';
import norwegian from 'zod/v4/locales/no.js';

// Zod's built-in messages (wrong type, missing field) show up in API errors and forms, so they too must be
// Norwegian. Our own schemas set their own messages; this covers the rest. Only the one locale is imported,
// not `z.locales`, which would put every language in the client's bundle.
config(norwegian());
