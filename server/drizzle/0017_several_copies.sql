-- Both tables are UNLOGGED: counters and locks need no crash safety (a crash ends the windows early and
-- the requests holding the locks anyway) and skip the WAL.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"route" text NOT NULL,
	"key_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_route_key_hash_pk" PRIMARY KEY("route","key_hash")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "upload_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");