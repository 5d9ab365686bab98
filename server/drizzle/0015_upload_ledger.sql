CREATE TABLE "upload_ledger" (
	"user_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "upload_ledger" ADD CONSTRAINT "upload_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_ledger_user_idx" ON "upload_ledger" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_received_idx" ON "upload_ledger" USING btree ("received_at");--> statement-breakpoint
-- The volume counted until now (the files each user created in the last 24 hours that still exist) carries over into the ledger.
INSERT INTO "upload_ledger" ("user_id", "bytes", "received_at")
SELECT "created_by_id", "size", "created_at" FROM "files"
WHERE "status" = 1 AND "created_by_id" IS NOT NULL AND "size" IS NOT NULL AND "created_at" > now() - interval '24 hours';
