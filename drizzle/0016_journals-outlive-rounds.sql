ALTER TABLE "bid_journals" DROP CONSTRAINT "bid_journals_bid_round_id_bid_rounds_id_fk";
--> statement-breakpoint
ALTER TABLE "bid_journals" ADD COLUMN "round_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bid_journals_user_id_index" ON "bid_journals" USING btree ("user_id");