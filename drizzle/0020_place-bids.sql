-- Several bids for one round placed in one statement, so one transaction and one commit (decision 051):
-- each in its turn, in the array's order, exactly as place_bid places one bid alone, with its act appended to
-- the round's chain and its signature row written only if place_bid placed it. The round's lock is taken by
-- the first and held to the end of the statement, so the bids are judged one after another, each against
-- every bid placed before it, the batch's own included, at its own clock reading.
--
-- Each element: id, roundId, userId, amount, conditions, bidDeadline, proofId, minAcceptanceMinutes, jobType,
-- jobPayload, jobMaxAttempts, channel, event, equity, loan, lender, takeoverDate; `act` (beforeAt,
-- beforeParty, afterParty, secret) for append_formed_bid_act, or null; `signature`, the bid_signatures row
-- by its column names, or null.
CREATE TYPE "placed_bid" AS (state bid_state, act_seq integer, act_hash text);
--> statement-breakpoint
CREATE FUNCTION "place_bids"(p_bids jsonb) RETURNS SETOF "placed_bid"
LANGUAGE plpgsql VOLATILE AS $$
declare
  b jsonb;
  s bid_state;
  l chain_link;
begin
  for b in select e.value from jsonb_array_elements(p_bids) with ordinality as e(value, n) order by e.n loop
    s := place_bid((b->>'id')::uuid, (b->>'roundId')::uuid, (b->>'userId')::uuid, (b->>'amount')::bigint,
      b->>'conditions', (b->>'bidDeadline')::timestamptz, (b->>'proofId')::uuid,
      make_interval(mins => (b->>'minAcceptanceMinutes')::integer),
      b->>'jobType', b->'jobPayload', (b->>'jobMaxAttempts')::integer, b->>'channel', b->>'event',
      (b->>'equity')::bigint, (b->>'loan')::bigint, b->>'lender', (b->>'takeoverDate')::date);
    l := null;
    if s.placed_at is not null and jsonb_typeof(b->'act') = 'object' then
      l := append_formed_bid_act((b->>'id')::uuid, b->'act'->>'beforeAt', b->'act'->>'beforeParty',
        b->'act'->>'afterParty', b->'act'->'secret');
    end if;
    if s.placed_at is not null and jsonb_typeof(b->'signature') = 'object' then
      insert into bid_signatures (bid_id, passkey_id, credential_id, public_key, statement, canonical_act, nonce,
          challenge, signature, authenticator_data, client_data_json)
        select r.bid_id, r.passkey_id, r.credential_id, r.public_key, r.statement, r.canonical_act, r.nonce,
          r.challenge, r.signature, r.authenticator_data, r.client_data_json
        from jsonb_populate_record(null::bid_signatures, b->'signature') r;
    end if;
    return next (s, l.seq, l.hash)::placed_bid;
  end loop;
end
$$;
--> statement-breakpoint
-- Bids of one round placed in the same millisecond (a batch takes well under one per bid) have the same
-- created_at. The later of two such bids topped the earlier, which was live then (its acceptance time is
-- minutes at least), so the amount orders them as they were placed; the id only breaks a tie no bid can
-- reach. Every reading of the order received uses (created_at, amount, id): here, and the bid lists.
CREATE OR REPLACE FUNCTION "round_pseudonym"(p_round uuid, p_user uuid) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_first record;
  v_party text;
begin
  select r.act::jsonb->>'party' into v_party from round_acts r
    where r.user_id = p_user and r.round_id = p_round and r.kind = 'bid' order by r.seq limit 1;
  if v_party is not null then return v_party; end if;
  select b.created_at, b.amount, b.id into v_first from bids b
    where b.bid_round_id = p_round and b.user_id = p_user order by b.created_at, b.amount, b.id limit 1;
  if not found then return null; end if;
  return bidder_pseudonym((
    select count(*)::integer from (
      select distinct on (b.user_id) b.user_id, b.created_at, b.amount, b.id from bids b
      where b.bid_round_id = p_round order by b.user_id, b.created_at, b.amount, b.id) f
    where (f.created_at, f.amount, f.id) < (v_first.created_at, v_first.amount, v_first.id)));
end
$$;
