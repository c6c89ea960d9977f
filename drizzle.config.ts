import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/notice-schema.ts',
    './src/server/db/counter-offer-schema.ts',
    './src/server/db/passkey-schema.ts',
    './src/server/db/signature-schema.ts',
    './src/server/db/chain-schema.ts',
    './src/server/db/act-signature-schema.ts',
    './src/server/db/listing-schema.ts',
    './src/server/db/admin-action-schema.ts',
    './src/server/db/chain-key-schema.ts',
    './src/server/db/identity-schema.ts',
    './src/server/db/co-bidder-schema.ts',
    './src/server/db/job-schema.ts',
    './src/server/db/fair-notice-schema.ts',
  ],
  out: './drizzle',
});
