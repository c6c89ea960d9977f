CREATE TABLE "bidder_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"principal_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_bidders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"invited_by" uuid,
	"state" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "co_bidders_state" CHECK ("co_bidders"."state" in ('invited', 'accepted', 'declined', 'left', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "placed_by" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "co_bidder_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "buyer_capacity" text DEFAULT 'forbruker' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "company_org_number" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "company_signer_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "buyer_capacity" text DEFAULT 'forbruker' NOT NULL;--> statement-breakpoint
ALTER TABLE "bidder_groups" ADD CONSTRAINT "bidder_groups_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidder_groups" ADD CONSTRAINT "bidder_groups_principal_id_users_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_bidders" ADD CONSTRAINT "co_bidders_group_id_bidder_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bidder_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_bidders" ADD CONSTRAINT "co_bidders_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_bidders" ADD CONSTRAINT "co_bidders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_bidders" ADD CONSTRAINT "co_bidders_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bidder_groups_round_idx" ON "bidder_groups" USING btree ("bid_round_id");--> statement-breakpoint
CREATE INDEX "co_bidders_group_idx" ON "co_bidders" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "co_bidders_email_idx" ON "co_bidders" USING btree ("bid_round_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "co_bidders_one_group_per_round" ON "co_bidders" USING btree ("bid_round_id","user_id") WHERE "co_bidders"."state" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "co_bidders_one_open_place_per_address" ON "co_bidders" USING btree ("group_id",lower("email")) WHERE "co_bidders"."state" in ('invited', 'accepted');--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_co_bidders_idx" ON "bids" USING gin ("co_bidder_ids") WHERE cardinality("bids"."co_bidder_ids") > 0;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_buyer_capacity" CHECK ("bids"."buyer_capacity" in ('forbruker', 'naeringsdrivende'));--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_whole" CHECK (("bids"."company_org_number" is null) = ("bids"."company_name" is null)
        and ("bids"."company_org_number" is null) = ("bids"."company_signer_role" is null)
        and ("bids"."company_org_number" is null or "bids"."buyer_capacity" = 'naeringsdrivende'));--> statement-breakpoint
-- place_bid also stores who buys (decision 065): the buyer's capacity, a company and its signer's role, and
-- for a bidder group the member who placed the bid and the other members bound by it. Its arguments change,
-- so it is dropped and created again here, with the locks, the state and the rules of 0009 unchanged but
-- two: a financing proof is the placing member's own, and a group's bid is placed only if the group is
-- still as it was when the bid was formed (its version), and a bid formed for one person only if they are in
-- no group, judged under the round's lock that every change of members also takes. A bid refused for that comes back unplaced, with every rule of the state passed.
-- p_buyer: { placedBy, buyerCapacity, companyOrgNumber, companyName, companySignerRole, groupId,
-- groupVersion, coBidderIds }, or null for a person bidding alone as a consumer.
DROP FUNCTION "place_bids"(jsonb);
--> statement-breakpoint
DROP FUNCTION "place_bid"(uuid, uuid, uuid, bigint, text, timestamptz, uuid, interval, text, jsonb, integer, text, text, bigint, bigint, text, date);
--> statement-breakpoint
CREATE FUNCTION "place_bid"(
  p_id uuid, p_round uuid, p_user uuid, p_amount bigint, p_conditions text, p_bid_deadline timestamptz,
  p_proof uuid, p_min_acceptance interval,
  p_job_type text, p_job_payload jsonb, p_job_max_attempts integer,
  p_channel text, p_event text,
  p_financing_equity bigint, p_financing_loan bigint, p_financing_lender text, p_takeover_date date,
  p_buyer jsonb
) RETURNS "bid_state"
LANGUAGE plpgsql VOLATILE AS $$
declare
  s bid_state;
  v_placer uuid := coalesce((p_buyer->>'placedBy')::uuid, p_user);
  v_group uuid := (p_buyer->>'groupId')::uuid;
begin
  perform 1 from bid_rounds where id = p_round for update;
  perform 1 from users where id = p_user for share;
  if v_placer <> p_user then
    perform 1 from users where id = v_placer for share;
  end if;
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
      and (p_proof is null or (s.proof_found and s.proof_user_id = v_placer and s.proof_bid_id is null))
     ) is not true then
    return s;
  end if;
  if v_group is not null and not exists (select 1 from bidder_groups g where g.id = v_group
      and g.principal_id = p_user and g.version = (p_buyer->>'groupVersion')::integer) then
    return s;
  end if;
  -- A bid formed for one person alone, by someone who is in a group now: every bid a member places is the
  -- group's, so it is not placed (the application may have known the round to have no groups a moment ago).
  if v_group is null and exists (select 1 from co_bidders c where c.bid_round_id = p_round
      and c.user_id = v_placer and c.state = 'accepted') then
    return s;
  end if;

  insert into bids (id, bid_round_id, user_id, amount, conditions, bid_deadline, financing_proof,
      financing_equity, financing_loan, financing_lender, takeover_date, created_at,
      placed_by, co_bidder_ids, buyer_capacity, company_org_number, company_name, company_signer_role)
    values (p_id, p_round, p_user, p_amount, p_conditions, p_bid_deadline, p_proof::text,
      p_financing_equity, p_financing_loan, p_financing_lender, p_takeover_date, s.now,
      nullif(v_placer, p_user),
      coalesce(array(select jsonb_array_elements_text(p_buyer->'coBidderIds')::uuid), '{}'::uuid[]),
      coalesce(p_buyer->>'buyerCapacity', 'forbruker'),
      p_buyer->>'companyOrgNumber', p_buyer->>'companyName', p_buyer->>'companySignerRole');
  insert into bid_round_followers (bid_round_id, user_id) values (p_round, v_placer) on conflict do nothing;
  if p_proof is not null then
    update financing_proofs set bid_id = p_id where id = p_proof;
  end if;
  insert into jobs (type, payload, max_attempts) values (p_job_type, p_job_payload, p_job_max_attempts);
  perform pg_notify(p_channel, p_event);
  s.placed_at := s.now;
  return s;
end
$$;
--> statement-breakpoint
-- place_bids of 0020, passing each element's `buyer` on to place_bid.
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
      (b->>'equity')::bigint, (b->>'loan')::bigint, b->>'lender', (b->>'takeoverDate')::date,
      case when jsonb_typeof(b->'buyer') = 'object' then b->'buyer' end);
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
