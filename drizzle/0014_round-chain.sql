CREATE TABLE "round_acts" (
	"round_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"act" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"user_id" uuid,
	"secret" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_acts_round_id_seq_pk" PRIMARY KEY("round_id","seq"),
	CONSTRAINT "round_acts_seq_positive" CHECK ("round_acts"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "round_acts" ADD CONSTRAINT "round_acts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_acts_subject_idx" ON "round_acts" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "round_acts_user_idx" ON "round_acts" USING btree ("user_id");--> statement-breakpoint
-- Canonical JSON (decision 039/040), once more in SQL: keys sorted (byte order; our keys are ASCII, where it is
-- the UTF-16 order of src/shared/signing/canonical-json.ts), no whitespace, strings escaped as jsonb writes them
-- (the same escapes as JSON.stringify), whole numbers only. A test compares the two on awkward values.
CREATE FUNCTION "canonical_json"(p jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
declare
  t text := jsonb_typeof(p);
  r text;
begin
  if t = 'object' then
    select '{' || coalesce(string_agg(to_jsonb(e.key)::text || ':' || canonical_json(e.value), ','
      order by e.key collate "C"), '') || '}' into r from jsonb_each(p) e;
    return r;
  elsif t = 'array' then
    select '[' || coalesce(string_agg(canonical_json(e.value), ',' order by e.n), '') || ']' into r
      from jsonb_array_elements(p) with ordinality e(value, n);
    return r;
  elsif t = 'number' and p::text !~ '^-?[0-9]+$' then
    raise exception 'canonical_json takes whole numbers only: %', p::text;
  end if;
  return p::text;
end
$$;
--> statement-breakpoint
-- The per-round pseudonym, as src/shared/rules/bids bidderPseudonym: A … Z, AA, AB …
CREATE FUNCTION "bidder_pseudonym"(p_index integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
declare
  n integer := p_index;
  letters text := '';
begin
  loop
    letters := chr(65 + n % 26) || letters;
    n := n / 26 - 1;
    exit when n < 0;
  end loop;
  return 'Budgiver ' || letters;
end
$$;
--> statement-breakpoint
-- A bidder's pseudonym in a round: letters in order of each bidder's first bid (created_at, then id), as
-- bid-views pseudonymsByBidder hands them out. Null for someone who has not bid. The chain already names a
-- bidder who bid before (an index lookup); only a first bid, or a bid from before the chain, counts the bids.
CREATE FUNCTION "round_pseudonym"(p_round uuid, p_user uuid) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_first record;
  v_party text;
begin
  select r.act::jsonb->>'party' into v_party from round_acts r
    where r.user_id = p_user and r.round_id = p_round and r.kind = 'bid' order by r.seq limit 1;
  if v_party is not null then return v_party; end if;
  select b.created_at, b.id into v_first from bids b
    where b.bid_round_id = p_round and b.user_id = p_user order by b.created_at, b.id limit 1;
  if not found then return null; end if;
  return bidder_pseudonym((
    select count(*)::integer from (
      select distinct on (b.user_id) b.user_id, b.created_at, b.id from bids b
      where b.bid_round_id = p_round order by b.user_id, b.created_at, b.id) f
    where (f.created_at, f.id) < (v_first.created_at, v_first.id)));
end
$$;
--> statement-breakpoint
CREATE TYPE "chain_link" AS (seq integer, hash text);
--> statement-breakpoint
-- Appends one act to the round's chain, under the round's lock (taken here if the caller has not already):
-- seq is one more than the head's, prev_hash the head's hash (64 zeros for the first act), and
-- hash = SHA-256(prev_hash ‖ canonical JSON of the act), over UTF-8. With p_user the act gains the bidder's
-- per-round pseudonym as `party`. VOLATILE, so each statement here sees every act committed before the lock.
CREATE FUNCTION "append_round_act"(p_round uuid, p_act jsonb, p_user uuid, p_secret jsonb)
RETURNS "chain_link"
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_seq integer;
  v_prev text;
  v_act jsonb := p_act;
  v_text text;
  v_hash text;
begin
  perform 1 from bid_rounds where id = p_round for update;
  select r.seq, r.hash into v_seq, v_prev from round_acts r where r.round_id = p_round order by r.seq desc limit 1;
  v_seq := coalesce(v_seq, 0) + 1;
  v_prev := coalesce(v_prev, repeat('0', 64));
  if p_user is not null then
    v_act := v_act || jsonb_build_object('party', round_pseudonym(p_round, p_user));
  end if;
  v_text := canonical_json(v_act);
  v_hash := encode(sha256(convert_to(v_prev || v_text, 'UTF8')), 'hex');
  insert into round_acts (round_id, seq, prev_hash, hash, act, kind, subject_id, user_id, secret)
    values (p_round, v_seq, v_prev, v_hash, v_text, v_act->>'kind',
      nullif(coalesce(v_act->>'counterOfferId', v_act->>'bidId'), '')::uuid, p_user, p_secret);
  return (v_seq, v_hash)::chain_link;
end
$$;
--> statement-breakpoint
-- A placed bid's act: the act Node formed, with the time place_bid gave the bid (ISO UTC, milliseconds, as
-- JavaScript writes it). Called in place_bid's own statement, after it, so under the same lock.
CREATE FUNCTION "append_bid_act"(p_bid uuid, p_act jsonb, p_secret jsonb)
RETURNS "chain_link"
LANGUAGE plpgsql VOLATILE AS $$
declare
  v_bid record;
begin
  select b.bid_round_id, b.user_id, b.created_at into v_bid from bids b where b.id = p_bid;
  return append_round_act(v_bid.bid_round_id,
    p_act || jsonb_build_object('at', to_char(v_bid.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    v_bid.user_id, p_secret);
end
$$;
