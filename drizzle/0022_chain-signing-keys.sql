CREATE TABLE "chain_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"x" text NOT NULL,
	"private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_signing_keys_one_generated" ON "chain_signing_keys" USING btree ((true)) WHERE "chain_signing_keys"."private_key" IS NOT NULL;