import { z } from 'zod';

// Zod's built-in messages (wrong type, missing field) show up in API errors and forms, so they too must be
// Norwegian. Our own schemas set their own messages; this covers the rest.
z.config(z.locales.no());
