CREATE TABLE "photo_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "photo_uploads_uploaded_idx" ON "photo_uploads" USING btree ("uploaded_at");