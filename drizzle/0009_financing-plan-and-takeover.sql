ALTER TABLE "bids" ADD COLUMN "financing_equity" bigint;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "financing_loan" bigint;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "financing_lender" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "takeover_date" date;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_financing_whole" CHECK (("bids"."financing_equity" is null) = ("bids"."financing_loan" is null)
        and ("bids"."financing_equity" is null or ("bids"."financing_equity" between 0 and 10000000000
          and "bids"."financing_loan" between 0 and 10000000000)));--> statement-breakpoint
-- place_bid stores the bid's financing plan and desired takeover date too. Its arguments change, so the old
-- function is dropped and the new one created in this migration's transaction: the locks it takes, the
-- state it judges against and the rules it applies are those of 0005_place-bid.sql, unchanged. The plan and
-- the date are checked by the application before the call (they depend on nothing under the lock), and
-- bids_financing_whole keeps the stored amounts whole kroner in range.
DROP FUNCTION "place_bid"(uuid, uuid, uuid, bigint, text, timestamptz, uuid, interval, text, jsonb, integer, text, text);
--> statement-breakpoint
CREATE FUNCTION "place_bid"(
  p_id uuid, p_round uuid, p_user uuid, p_amount bigint, p_conditions text, p_bid_deadline timestamptz,
  p_proof uuid, p_min_acceptance interval,
  p_job_type text, p_job_payload jsonb, p_job_max_attempts integer,
  p_channel text, p_event text,
  p_financing_equity bigint, p_financing_loan bigint, p_financing_lender text, p_takeover_date date
) RETURNS "bid_state"
LANGUAGE plpgsql VOLATILE AS $$
declare
  s bid_state;
begin
  perform 1 from bid_rounds where id = p_round for update;
  perform 1 from users where id = p_user for share;
  if p_proof is not null then
    perform 1 from financing_proofs where id = p_proof for update;
  end if;
  -- A new statement, so a new snapshot: it sees every bid committed before the lock was granted.
  s := bid_state(p_round, p_user, p_proof);
  -- "is not true": a rule that cannot be judged (a missing row gives null) refuses too.
  if (s.round_found and s.owner_id is distinct from p_user and s.bidder_found and not s.bidder_deleted
      and not s.is_closed and s.deadline > s.now
      and p_amount >= s.price and (s.highest is null or p_amount > s.highest)
      and p_bid_deadline >= s.now + p_min_acceptance
      and (s.minimum_bid_deadline is null or p_bid_deadline >= s.minimum_bid_deadline)
      and (p_proof is null or (s.proof_found and s.proof_user_id = p_user and s.proof_bid_id is null))
     ) is not true then
    return s;
  end if;

  insert into bids (id, bid_round_id, user_id, amount, conditions, bid_deadline, financing_proof,
      financing_equity, financing_loan, financing_lender, takeover_date, created_at)
    values (p_id, p_round, p_user, p_amount, p_conditions, p_bid_deadline, p_proof::text,
      p_financing_equity, p_financing_loan, p_financing_lender, p_takeover_date, s.now);
  insert into bid_round_followers (bid_round_id, user_id) values (p_round, p_user) on conflict do nothing;
  if p_proof is not null then
    update financing_proofs set bid_id = p_id where id = p_proof;
  end if;
  insert into jobs (type, payload, max_attempts) values (p_job_type, p_job_payload, p_job_max_attempts);
  perform pg_notify(p_channel, p_event);
  s.placed_at := s.now;
  return s;
end
$$;
