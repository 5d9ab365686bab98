CREATE TABLE "assignment_instructors" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_instructors_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_roles" (
	"assignment_id" integer NOT NULL,
	"interview_role_id" integer NOT NULL,
	"avatar_id" integer,
	CONSTRAINT "assignment_roles_assignment_id_interview_role_id_pk" PRIMARY KEY("assignment_id","interview_role_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"start_date" date,
	"close_date" date,
	"organization_id" integer NOT NULL,
	"interview_id" integer,
	"environment_id" integer,
	"ratings_id" integer,
	"feedback_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"file_id" integer,
	"text" text,
	"duration" numeric(10, 3) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"score" numeric(4, 2),
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"viewed" boolean DEFAULT false NOT NULL,
	"practice_counter" integer DEFAULT 0 NOT NULL,
	"ratings_answer_id" integer,
	"feedback_answer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"created_by_id" integer,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" numeric(4, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_instructors" ADD CONSTRAINT "assignment_instructors_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_instructors" ADD CONSTRAINT "assignment_instructors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_roles" ADD CONSTRAINT "assignment_roles_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_roles" ADD CONSTRAINT "assignment_roles_interview_role_id_interview_roles_id_fk" FOREIGN KEY ("interview_role_id") REFERENCES "public"."interview_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_roles" ADD CONSTRAINT "assignment_roles_avatar_id_assets_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_interview_id_contents_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_environment_id_assets_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_ratings_id_contents_id_fk" FOREIGN KEY ("ratings_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_feedback_id_contents_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_ratings_answer_id_content_answers_id_fk" FOREIGN KEY ("ratings_answer_id") REFERENCES "public"."content_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_feedback_answer_id_content_answers_id_fk" FOREIGN KEY ("feedback_answer_id") REFERENCES "public"."content_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_answers" ADD CONSTRAINT "content_answers_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_answers" ADD CONSTRAINT "content_answers_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_answers" ADD CONSTRAINT "content_answers_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_instructors_user_idx" ON "assignment_instructors" USING btree ("user_id","assignment_id");--> statement-breakpoint
CREATE INDEX "assignments_org_status_idx" ON "assignments" USING btree ("organization_id","status_id","id");--> statement-breakpoint
CREATE INDEX "assignments_status_idx" ON "assignments" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "assignments_interview_idx" ON "assignments" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "assignments_ratings_idx" ON "assignments" USING btree ("ratings_id");--> statement-breakpoint
CREATE INDEX "assignments_feedback_idx" ON "assignments" USING btree ("feedback_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_items_answer_question_key" ON "answer_items" USING btree ("answer_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_assignment_user_key" ON "answers" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE INDEX "answers_user_idx" ON "answers" USING btree ("user_id","assignment_id");--> statement-breakpoint
CREATE INDEX "answers_assignment_status_idx" ON "answers" USING btree ("assignment_id","status_id","id");--> statement-breakpoint
CREATE INDEX "answers_status_idx" ON "answers" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "content_answers_answer_idx" ON "content_answers" USING btree ("answer_id","id");