CREATE TABLE "media_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_item_id" integer NOT NULL,
	"source_file_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_items" ADD COLUMN "media_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_items" ADD COLUMN "playback_file_id" integer;--> statement-breakpoint
ALTER TABLE "answer_items" ADD COLUMN "poster_file_id" integer;--> statement-breakpoint
ALTER TABLE "answer_items" ADD COLUMN "video_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_answer_item_id_answer_items_id_fk" FOREIGN KEY ("answer_item_id") REFERENCES "public"."answer_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_jobs_due_idx" ON "media_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "media_jobs_item_idx" ON "media_jobs" USING btree ("answer_item_id");--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_playback_file_id_files_id_fk" FOREIGN KEY ("playback_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_poster_file_id_files_id_fk" FOREIGN KEY ("poster_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_image_idx" ON "assets" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "question_audios_audio_idx" ON "question_audios" USING btree ("audio_id");--> statement-breakpoint
CREATE INDEX "answer_items_file_idx" ON "answer_items" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "answer_items_playback_file_idx" ON "answer_items" USING btree ("playback_file_id");--> statement-breakpoint
CREATE INDEX "answer_items_poster_file_idx" ON "answer_items" USING btree ("poster_file_id");