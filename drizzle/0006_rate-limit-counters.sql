-- Rate-limit counters shared by every process on this database (src/server/security/pg-counters.ts).
-- Unlogged: a count need not survive a crash, and is not worth a WAL write and an fsync per request.
CREATE UNLOGGED TABLE "rate_limit_counters" (
  "key" text PRIMARY KEY NOT NULL,
  "window_started_at" timestamp with time zone NOT NULL,
  "window_ms" integer NOT NULL,
  "count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" ("window_started_at");
