CREATE INDEX "round_acts_bidder_idx" ON "round_acts" USING btree ("round_id","user_id","seq") WHERE "round_acts"."kind" = 'bid';--> statement-breakpoint
-- A placed bid's act, appended from the canonical JSON text Node formed around the two values only the round's
-- lock decides (decision 050): p_before_at ‖ "at" ‖ p_before_party ‖ "party" ‖ p_after_party, `at` being
-- place_bid's time for the bid (ISO UTC, milliseconds, as append_bid_act wrote it) and `party` the bidder's
-- per-round pseudonym. The same act text, byte for byte, and the same hash as append_bid_act's: hash =
-- SHA-256(prev_hash ‖ act) over UTF-8. Under the lock only the bid's row, the head and the pseudonym are read:
-- no jsonb is parsed or walked. Called in place_bid's own statement, after it, so under the lock it took.
-- append_bid_act stays for a process still running the build before this one.
CREATE FUNCTION "append_formed_bid_act"(p_bid uuid, p_before_at text, p_before_party text, p_after_party text,
  p_secret jsonb)
RETURNS "chain_link"
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_round uuid;
  v_user uuid;
  v_at timestamptz;
  v_seq integer;
  v_prev text;
  v_text text;
  v_hash text;
begin
  select b.bid_round_id, b.user_id, b.created_at into v_round, v_user, v_at from bids b where b.id = p_bid;
  -- A no-op under place_bid, which holds the lock; a guard should anyone call this on its own.
  perform 1 from bid_rounds where id = v_round for update;
  select r.seq, r.hash into v_seq, v_prev from round_acts r where r.round_id = v_round order by r.seq desc limit 1;
  v_seq := coalesce(v_seq, 0) + 1;
  v_prev := coalesce(v_prev, repeat('0', 64));
  v_text := p_before_at
    || to_jsonb(to_char(v_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    || p_before_party
    || coalesce(to_jsonb(round_pseudonym(v_round, v_user))::text, 'null')
    || p_after_party;
  v_hash := encode(sha256(convert_to(v_prev || v_text, 'UTF8')), 'hex');
  insert into round_acts (round_id, seq, prev_hash, hash, act, kind, subject_id, user_id, secret)
    values (v_round, v_seq, v_prev, v_hash, v_text, 'bid', p_bid, v_user, p_secret);
  return (v_seq, v_hash)::chain_link;
end
$$;
