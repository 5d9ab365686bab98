CREATE TABLE "attempt_hits" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_hits_key_idx" ON "attempt_hits" USING btree ("scope","key_hash","at_ms");--> statement-breakpoint
CREATE INDEX "attempt_hits_at_idx" ON "attempt_hits" USING btree ("at_ms");