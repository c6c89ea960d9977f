ALTER TABLE "bids" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "rejection_message" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A rejected bid (avslag) is no longer live, exactly like a lapsed one: it sets no floor for place_bid and is
-- never the highest. The rule of shared/rules/bids isBidLive and db/live-bids liveBidsOf, once more in SQL.
CREATE OR REPLACE FUNCTION "highest_live_bid"(p_round uuid, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE
SET enable_sort = off
AS $$
begin
  return (
    select b.amount from bids b
    where b.bid_round_id = p_round and (b.bid_deadline is null or b.bid_deadline > p_at)
      and b.rejected_at is null
      and (select u.deleted_at from users u where u.id = b.user_id) is null
    order by b.amount desc nulls last
    limit 1);
end
$$;
