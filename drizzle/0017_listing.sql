CREATE TABLE "round_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"made_by" uuid,
	"by_admin" boolean DEFAULT false NOT NULL,
	"bids_stood" boolean DEFAULT false NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_viewings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_viewings_ends_after_start" CHECK ("round_viewings"."ends_at" > "round_viewings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "viewing_signups" (
	"viewing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_signups_viewing_id_user_id_pk" PRIMARY KEY("viewing_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bid_rounds" ADD COLUMN "seller_minimum_bid_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bid_rounds" ADD COLUMN "minimum_bid_deadline_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "image_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "prospectus_key" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "prospectus_size" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "prospectus_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "round_changes" ADD CONSTRAINT "round_changes_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_changes" ADD CONSTRAINT "round_changes_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_viewings" ADD CONSTRAINT "round_viewings_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_signups" ADD CONSTRAINT "viewing_signups_viewing_id_round_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."round_viewings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_signups" ADD CONSTRAINT "viewing_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_changes_round_idx" ON "round_changes" USING btree ("bid_round_id","made_at");--> statement-breakpoint
CREATE INDEX "round_viewings_round_idx" ON "round_viewings" USING btree ("bid_round_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_signups_user_idx" ON "viewing_signups" USING btree ("user_id");--> statement-breakpoint
-- Rounds from before issue 25: the one photo becomes the gallery, and the deadline typed is the seller's.
UPDATE "properties" SET "image_urls" = ARRAY["image_url"] WHERE "image_url" IS NOT NULL;--> statement-breakpoint
UPDATE "bid_rounds" SET "seller_minimum_bid_deadline" = "minimum_bid_deadline", "minimum_bid_deadline_reason" = 'seller' WHERE "minimum_bid_deadline" IS NOT NULL;
