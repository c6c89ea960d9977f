CREATE TABLE "counter_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"created_by" uuid,
	"amount" bigint NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"conditions" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"accepted_bid_id" uuid,
	CONSTRAINT "counter_offers_amount_range" CHECK ("counter_offers"."amount" between 1 and 10000000000),
	CONSTRAINT "counter_offers_status" CHECK ("counter_offers"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "counter_offers" ADD CONSTRAINT "counter_offers_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_offers" ADD CONSTRAINT "counter_offers_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_offers" ADD CONSTRAINT "counter_offers_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_offers" ADD CONSTRAINT "counter_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_offers" ADD CONSTRAINT "counter_offers_accepted_bid_id_bids_id_fk" FOREIGN KEY ("accepted_bid_id") REFERENCES "public"."bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_offers_round_idx" ON "counter_offers" USING btree ("bid_round_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_offers_one_open_per_bidder" ON "counter_offers" USING btree ("bid_round_id","recipient_id") WHERE "counter_offers"."status" = 'open';