CREATE TABLE "act_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"act" text NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid,
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
ALTER TABLE "act_signatures" ADD CONSTRAINT "act_signatures_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_signatures" ADD CONSTRAINT "act_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_signatures" ADD CONSTRAINT "act_signatures_passkey_id_passkeys_id_fk" FOREIGN KEY ("passkey_id") REFERENCES "public"."passkeys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_signatures_subject_idx" ON "act_signatures" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "act_signatures_user_idx" ON "act_signatures" USING btree ("user_id");