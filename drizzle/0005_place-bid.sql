-- A bid is placed by one statement, so that the round's row lock is held only while the database works and
-- never across a round trip to the application (docs/decisions/016-bids-in-one-statement.md). place_bid
-- applies the rules of src/shared/rules/bids.ts under the lock and returns the state it judged the bid
-- against; the application explains a refusal from that state with those same rules.

-- What a bid is judged against: the round, the bidder, the financing proof and the highest live bid, all at
-- one reading of the database's clock, in whole milliseconds like the application's own times (a bid's
-- created_at is compared with JavaScript dates). placed_at is set only by place_bid, when it placed the bid.
CREATE TYPE "bid_state" AS (
  "now" timestamptz,
  "highest" bigint,
  "round_found" boolean,
  "owner_id" uuid,
  "price" bigint,
  "deadline" timestamptz,
  "minimum_bid_deadline" timestamptz,
  "is_closed" boolean,
  "bidder_found" boolean,
  "bidder_deleted" boolean,
  "proof_found" boolean,
  "proof_user_id" uuid,
  "proof_bid_id" uuid,
  "placed_at" timestamptz
);
--> statement-breakpoint
-- A round's highest live bid at p_at (shared/rules/bids isBidLive: acceptance deadline not passed, which is
-- exclusive, and the bidder not deleted), or null. Its bids are walked down bids_round_amount_idx, which
-- stops at the first live one however many bids the round holds. enable_sort is off because with stale
-- statistics (a round that gained thousands of bids in a minute) or a generic plan the planner otherwise
-- prefers reading every bid of the round and sorting them, and this is read under the round's lock.
CREATE FUNCTION "highest_live_bid"(p_round uuid, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE
SET enable_sort = off
AS $$
begin
  return (
    select b.amount from bids b
    where b.bid_round_id = p_round and (b.bid_deadline is null or b.bid_deadline > p_at)
      and (select u.deleted_at from users u where u.id = b.user_id) is null
    order by b.amount desc nulls last
    limit 1);
end
$$;
--> statement-breakpoint
-- PL/pgSQL rather than SQL functions: PostgreSQL plans an SQL function's query on every call, and keeps a
-- PL/pgSQL function's plans for the session, which halves the time a bid holds the round's lock.
CREATE FUNCTION "bid_state"(p_round uuid, p_user uuid, p_proof uuid) RETURNS "bid_state"
LANGUAGE plpgsql VOLATILE AS $$
declare
  s bid_state;
  v_now timestamptz := date_trunc('milliseconds', clock_timestamp());
begin
  select v_now, highest_live_bid(p_round, v_now),
    r.id is not null, p.owner_id, p.price, r.deadline, r.minimum_bid_deadline, r.is_closed,
    u.id is not null, u.deleted_at is not null,
    f.id is not null, f.user_id, f.bid_id,
    null::timestamptz
  into s
  from (select) as one
  left join bid_rounds r on r.id = p_round
  left join properties p on p.id = r.property_id
  left join users u on u.id = p_user
  left join financing_proofs f on f.id = p_proof;
  return s;
end
$$;
--> statement-breakpoint
-- Takes the round's row lock (which orders its bids), share-locks the bidder (an account deletion finishes
-- first, or waits for the bid) and locks the proof, then reads the state and places the bid only if every
-- rule holds. The bid, the bidder's follow, the proof's attachment, one job that queues the notifications
-- after commit, and the event all commit together, or none of them does.
CREATE FUNCTION "place_bid"(
  p_id uuid, p_round uuid, p_user uuid, p_amount bigint, p_conditions text, p_bid_deadline timestamptz,
  p_proof uuid, p_min_acceptance interval,
  p_job_type text, p_job_payload jsonb, p_job_max_attempts integer,
  p_channel text, p_event text
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

  insert into bids (id, bid_round_id, user_id, amount, conditions, bid_deadline, financing_proof, created_at)
    values (p_id, p_round, p_user, p_amount, p_conditions, p_bid_deadline, p_proof::text, s.now);
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
