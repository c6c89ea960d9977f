CREATE TABLE "bid_signatures" (
	"bid_id" uuid PRIMARY KEY NOT NULL,
	"passkey_id" uuid,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"statement" text NOT NULL,
	"canonical_act" text NOT NULL,
	"nonce" text NOT NULL,
	"challenge" text NOT NULL,
	"signature" text NOT NULL,
	"authenticator_data" text NOT NULL,
	"client_data_json" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"act" text NOT NULL,
	"challenge" text NOT NULL,
	"nonce" text NOT NULL,
	"statement" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_signatures" ADD CONSTRAINT "bid_signatures_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_signatures" ADD CONSTRAINT "bid_signatures_passkey_id_passkeys_id_fk" FOREIGN KEY ("passkey_id") REFERENCES "public"."passkeys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_challenges" ADD CONSTRAINT "signature_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_challenges_expiry_idx" ON "signature_challenges" USING btree ("expires_at");