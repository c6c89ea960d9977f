// The shape lives with its response schema; re-exported as a type only, so the client bundles no schema.
export type { PublicConfig } from './responses/site';
