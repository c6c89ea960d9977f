CREATE TABLE "bid_conditions" (
	"bid_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"until" timestamp with time zone,
	"waived_at" timestamp with time zone,
	"lapse_recorded_at" timestamp with time zone,
	CONSTRAINT "bid_conditions_bid_id_position_pk" PRIMARY KEY("bid_id","position"),
	CONSTRAINT "bid_conditions_kind" CHECK ("bid_conditions"."kind" in ('Finansiering', 'Salg av egen bolig', 'Besiktigelse/tilstand', 'Annet'))
);
--> statement-breakpoint
CREATE TABLE "bidder_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bidder_answers_answer" CHECK ("bidder_answers"."answer" in ('done', 'considering'))
);
--> statement-breakpoint
CREATE TABLE "bidder_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"sms_message_id" text,
	"delivery" text,
	"delivery_at" timestamp with time zone,
	CONSTRAINT "bidder_notices_channel" CHECK ("bidder_notices"."channel" in ('email', 'sms')),
	CONSTRAINT "bidder_notices_delivery" CHECK ("bidder_notices"."delivery" in ('delivered', 'failed', 'late'))
);
--> statement-breakpoint
CREATE TABLE "round_visits" (
	"bid_round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "round_visits_bid_round_id_user_id_pk" PRIMARY KEY("bid_round_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bid_conditions" ADD CONSTRAINT "bid_conditions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidder_answers" ADD CONSTRAINT "bidder_answers_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidder_answers" ADD CONSTRAINT "bidder_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidder_notices" ADD CONSTRAINT "bidder_notices_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bidder_notices" ADD CONSTRAINT "bidder_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_visits" ADD CONSTRAINT "round_visits_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_visits" ADD CONSTRAINT "round_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_conditions_due_idx" ON "bid_conditions" USING btree ("until") WHERE "bid_conditions"."waived_at" is null and "bid_conditions"."lapse_recorded_at" is null and "bid_conditions"."until" is not null;--> statement-breakpoint
CREATE INDEX "bidder_answers_round_idx" ON "bidder_answers" USING btree ("bid_round_id","user_id","answered_at");--> statement-breakpoint
CREATE INDEX "bidder_notices_round_idx" ON "bidder_notices" USING btree ("bid_round_id","user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bidder_notices_sms_message_idx" ON "bidder_notices" USING btree ("sms_message_id");--> statement-breakpoint
-- Conditions written before they were typed are one 'Annet' each, in their own words (decision 066).
INSERT INTO "bid_conditions" ("bid_id", "position", "kind", "text")
  SELECT "id", 0, 'Annet', "conditions" FROM "bids" WHERE "conditions" IS NOT NULL;
--> statement-breakpoint
-- place_bids of 0025, which also writes each placed bid's typed conditions (`conditionItems`: [{ kind,
-- text, until }]) with it, in the same statement (decision 066).
DROP FUNCTION "place_bids"(jsonb);
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
      (b->>'equity')::bigint, (b->>'loan')::bigint, b->>'lender', (b->>'takeoverDate')::date,
      case when jsonb_typeof(b->'buyer') = 'object' then b->'buyer' end);
    l := null;
    if s.placed_at is not null and jsonb_typeof(b->'conditionItems') = 'array' then
      insert into bid_conditions (bid_id, position, kind, text, until)
        select (b->>'id')::uuid, (c.n - 1)::integer, c.value->>'kind', c.value->>'text',
          (c.value->>'until')::timestamptz
        from jsonb_array_elements(b->'conditionItems') with ordinality as c(value, n);
    end if;
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
