CREATE TABLE "bid_notice_windows" (
	"bid_round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"folded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bid_notice_windows_bid_round_id_user_id_pk" PRIMARY KEY("bid_round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sent_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"bid_round_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_notice_windows" ADD CONSTRAINT "bid_notice_windows_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_notice_windows" ADD CONSTRAINT "bid_notice_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_notices" ADD CONSTRAINT "sent_notices_bid_round_id_bid_rounds_id_fk" FOREIGN KEY ("bid_round_id") REFERENCES "public"."bid_rounds"("id") ON DELETE cascade ON UPDATE no action;