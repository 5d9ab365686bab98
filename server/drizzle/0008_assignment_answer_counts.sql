CREATE TABLE "assignment_answer_counts" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_answer_counts" ADD CONSTRAINT "assignment_answer_counts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each assignment's answers by status and what the mean score of its Reviewed answers needs, over
-- the answers whose trainee is not soft-deleted (users.deleted_at is null), kept by statement-level
-- triggers: the assignments list and detail read one row instead of counting every answer.
-- Status ids: Pending 1, Submitted 2, Reviewed 3. `scored` counts the Reviewed answers with a
-- score and `score_sum` adds their scores, so the mean is `score_sum / scored`, the very division
-- `avg(score)` ends with (null when `scored` is 0).
--
-- PL/pgSQL plans a statement once per session and reuses the plan whatever the number of rows in
-- the transition tables (planned for the first statement's few rows, a join of old_rows with
-- new_rows ran 20,000 updated answers through a nested loop for over a minute). So transition
-- tables are only ever scanned and aggregated on their own, into arrays; joins go through those
-- arrays (unnest), whose statements are planned for their values like any parameter's.
--
-- Moves a list of answer versions in or out of their assignments' counts: `signs` is 1 for a
-- version that now counts, -1 for one that no longer does. Only existing count rows change (never
-- one for an assignment deleted meanwhile), locked first in assignment order so that two
-- statements never wait on each other's rows in opposite orders. Two transactions moving the same
-- assignment's counts wait on its row, one after the other.
CREATE FUNCTION "assignment_answer_counts_move"(
  "assignment_ids" integer[], "status_ids" smallint[], "scores" numeric[], "signs" integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("assignment_ids"), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "assignment_answer_counts"
  WHERE "assignment_id" IN (SELECT unnest("assignment_ids")) ORDER BY "assignment_id" FOR UPDATE;
  UPDATE "assignment_answer_counts" AS c SET
    "pending" = c."pending" + d."pending",
    "submitted" = c."submitted" + d."submitted",
    "reviewed" = c."reviewed" + d."reviewed",
    "scored" = c."scored" + d."scored",
    "score_sum" = c."score_sum" + d."score_sum"
  FROM (
    SELECT m."assignment_id",
      coalesce(sum(m."sign") FILTER (WHERE m."status_id" = 1), 0) AS "pending",
      coalesce(sum(m."sign") FILTER (WHERE m."status_id" = 2), 0) AS "submitted",
      coalesce(sum(m."sign") FILTER (WHERE m."status_id" = 3), 0) AS "reviewed",
      coalesce(sum(m."sign") FILTER (WHERE m."status_id" = 3 AND m."score" IS NOT NULL), 0) AS "scored",
      coalesce(sum(m."sign" * m."score") FILTER (WHERE m."status_id" = 3), 0) AS "score_sum"
    FROM unnest("assignment_ids", "status_ids", "scores", "signs") AS m("assignment_id", "status_id", "score", "sign")
    GROUP BY m."assignment_id"
  ) AS d
  WHERE c."assignment_id" = d."assignment_id";
END
$$;
--> statement-breakpoint
-- Answers inserted, updated or deleted: every old version whose trainee counts is taken back and
-- every new one is added (an update that leaves assignment, trainee, status and score alone moves
-- nothing: its old and new versions cancel out, so marking viewed or counting a practice costs one
-- query). A version counts when its user still exists and is not soft-deleted. The users are read
-- after locking them FOR SHARE, which waits for a transaction soft-deleting, restoring or deleting
-- one of them to end (and makes it wait for this one), so that its trigger and this one never both
-- miss, or both count, the same answer. The answers of a user deleted in this statement's cascade
-- (its row is gone) count for nothing here: the BEFORE DELETE trigger on users took them back.
-- Answers of an assignment deleted in this transaction lock no user.
CREATE FUNCTION "assignment_answer_counts_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a integer[];
  u integer[];
  s smallint[];
  sc numeric[];
  sg integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("assignment_id"), array_agg("user_id"), array_agg("status_id"), array_agg("score"), array_agg(1)
    INTO a, u, s, sc, sg FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("assignment_id"), array_agg("user_id"), array_agg("status_id"), array_agg("score"), array_agg(-1)
    INTO a, u, s, sc, sg FROM old_rows;
  ELSE
    SELECT array_agg("assignment_id"), array_agg("user_id"), array_agg("status_id"), array_agg("score"), array_agg("sign")
    INTO a, u, s, sc, sg FROM (
      SELECT "assignment_id", "user_id", "status_id", "score", sum("sign")::integer AS "sign" FROM (
        SELECT "id", "assignment_id", "user_id", "status_id", "score", 1 AS "sign" FROM new_rows
        UNION ALL
        SELECT "id", "assignment_id", "user_id", "status_id", "score", -1 FROM old_rows
      ) AS v
      GROUP BY "id", "assignment_id", "user_id", "status_id", "score" HAVING sum("sign") <> 0
    ) AS m;
  END IF;
  IF a IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "users"
  WHERE "id" IN (
    SELECT m."user_id" FROM unnest(a, u) AS m("assignment_id", "user_id")
    WHERE EXISTS (SELECT 1 FROM "assignments" WHERE "assignments"."id" = m."assignment_id"))
  ORDER BY "id" FOR SHARE;
  SELECT array_agg(m."assignment_id"), array_agg(m."status_id"), array_agg(m."score"), array_agg(m."sign")
  INTO a, s, sc, sg
  FROM unnest(a, u, s, sc, sg) AS m("assignment_id", "user_id", "status_id", "score", "sign")
  JOIN "users" ON "users"."id" = m."user_id" AND "users"."deleted_at" IS NULL;
  PERFORM "assignment_answer_counts_move"(a, s, sc, sg);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Users soft-deleted or restored: all their answers leave or join the counts. Other updates of
-- users (the most common) move nothing and cost one query. The updated users are locked by the
-- update itself.
CREATE FUNCTION "assignment_answer_counts_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  a integer[];
  s smallint[];
  sc numeric[];
  sg integer[];
BEGIN
  SELECT array_agg("id"), array_agg("sign") INTO ids, sg FROM (
    SELECT "id", sum("sign")::integer AS "sign" FROM (
      SELECT "id", 1 AS "sign" FROM new_rows WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "id", -1 FROM old_rows WHERE "deleted_at" IS NULL
    ) AS v
    GROUP BY "id" HAVING sum("sign") <> 0
  ) AS f;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(an."assignment_id"), array_agg(an."status_id"), array_agg(an."score"), array_agg(f."sign")
  INTO a, s, sc, sg
  FROM unnest(ids, sg) AS f("id", "sign")
  JOIN "answers" an ON an."user_id" = f."id";
  PERFORM "assignment_answer_counts_move"(a, s, sc, sg);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A user deleted for good takes its answers with it (ON DELETE CASCADE), but by the time the
-- answers' trigger runs the user's row is gone and it cannot tell whether they counted. So this
-- row-level trigger takes them back BEFORE the row goes, when the user was not soft-deleted (its
-- row is locked by then: the version read is the one deleted).
CREATE FUNCTION "assignment_answer_counts_user_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a integer[];
  s smallint[];
  sc numeric[];
  sg integer[];
BEGIN
  IF OLD."deleted_at" IS NULL THEN
    SELECT array_agg("assignment_id"), array_agg("status_id"), array_agg("score"), array_agg(-1)
    INTO a, s, sc, sg
    FROM "answers" WHERE "user_id" = OLD."id";
    PERFORM "assignment_answer_counts_move"(a, s, sc, sg);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- A new assignment starts with a row of zeros.
CREATE FUNCTION "assignment_answer_counts_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "assignment_answer_counts" ("assignment_id") SELECT "id" FROM new_rows ORDER BY "id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "assignments_answer_counts_insert" AFTER INSERT ON "assignments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_answer_counts_create"();
--> statement-breakpoint
CREATE TRIGGER "answers_counts_insert" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_answer_counts_answers"();
--> statement-breakpoint
CREATE TRIGGER "answers_counts_update" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_answer_counts_answers"();
--> statement-breakpoint
CREATE TRIGGER "answers_counts_delete" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_answer_counts_answers"();
--> statement-breakpoint
CREATE TRIGGER "users_answer_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "assignment_answer_counts_users"();
--> statement-breakpoint
CREATE TRIGGER "users_answer_counts_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "assignment_answer_counts_user_delete"();
--> statement-breakpoint
-- The counts of the existing assignments, once the triggers are in place (creating them waited
-- for the writes under way and holds off new ones until this migration commits).
INSERT INTO "assignment_answer_counts" ("assignment_id", "pending", "submitted", "reviewed", "scored", "score_sum")
SELECT a."id",
  count(*) FILTER (WHERE an."status_id" = 1),
  count(*) FILTER (WHERE an."status_id" = 2),
  count(*) FILTER (WHERE an."status_id" = 3),
  count(an."score") FILTER (WHERE an."status_id" = 3),
  coalesce(sum(an."score") FILTER (WHERE an."status_id" = 3), 0)
FROM "assignments" a
LEFT JOIN ("answers" an JOIN "users" u ON u."id" = an."user_id" AND u."deleted_at" IS NULL) ON an."assignment_id" = a."id"
GROUP BY a."id";
