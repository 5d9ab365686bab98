CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"answer_id" integer,
	"actor_id" integer,
	"action" varchar(64) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_claims" (
	"answer_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"at_ms" integer NOT NULL,
	"text" text NOT NULL,
	"created_by_id" integer,
	"review_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_drafts" (
	"answer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"feedback" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_drafts_answer_id_user_id_pk" PRIMARY KEY("answer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"reviewer_id" integer,
	"ratings_answer_id" integer,
	"feedback_answer_id" integer,
	"score" numeric(4, 2),
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "review_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_drafts" ADD CONSTRAINT "review_drafts_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_drafts" ADD CONSTRAINT "review_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_ratings_answer_id_content_answers_id_fk" FOREIGN KEY ("ratings_answer_id") REFERENCES "public"."content_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_feedback_answer_id_content_answers_id_fk" FOREIGN KEY ("feedback_answer_id") REFERENCES "public"."content_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_assignment_idx" ON "audit_events" USING btree ("assignment_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_answer_idx" ON "audit_events" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_events_organization_idx" ON "audit_events" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "review_claims_user_idx" ON "review_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_comments_answer_idx" ON "review_comments" USING btree ("answer_id","review_id");--> statement-breakpoint
CREATE INDEX "review_comments_review_idx" ON "review_comments" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_comments_author_idx" ON "review_comments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "review_drafts_user_idx" ON "review_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_answer_idx" ON "reviews" USING btree ("answer_id","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_ratings_answer_idx" ON "reviews" USING btree ("ratings_answer_id");--> statement-breakpoint
CREATE INDEX "reviews_feedback_answer_idx" ON "reviews" USING btree ("feedback_answer_id");--> statement-breakpoint
CREATE INDEX "answers_review_queue_idx" ON "answers" USING btree ("submitted_at","id") WHERE "answers"."status_id" = 2;--> statement-breakpoint
-- Reviews completed before the history existed: the latest pair of each Reviewed answer becomes its first review.
INSERT INTO "reviews" ("answer_id", "reviewer_id", "ratings_answer_id", "feedback_answer_id", "score", "version", "created_at")
SELECT a."id", coalesce(r."created_by_id", f."created_by_id"), a."ratings_answer_id", a."feedback_answer_id", a."score", 1, coalesce(a."reviewed_at", a."updated_at")
FROM "answers" a
LEFT JOIN "content_answers" r ON r."id" = a."ratings_answer_id"
LEFT JOIN "content_answers" f ON f."id" = a."feedback_answer_id"
WHERE a."status_id" = 3 AND (a."ratings_answer_id" IS NOT NULL OR a."feedback_answer_id" IS NOT NULL);--> statement-breakpoint
UPDATE "answers" SET "review_version" = 1 WHERE "id" IN (SELECT "answer_id" FROM "reviews");
