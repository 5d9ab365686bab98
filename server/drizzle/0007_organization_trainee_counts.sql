CREATE TABLE "organization_trainee_counts" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"active_trainees" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept by statement-level triggers on users (one upsert per statement and organization, whatever
-- the number of rows): every changed row takes back what its old version counted and adds what
-- its new version counts, so any change (insert, delete, role, organization, active, soft delete
-- or restore) moves the counts by the right amount. Upserts run in organization order, so two
-- statements never wait on each other's rows in opposite orders. Role 1 is Trainee.
CREATE FUNCTION "organization_trainee_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "organization_trainee_counts" AS c ("organization_id", "active_trainees")
    SELECT "organization_id", count(*) FROM new_rows
    WHERE "role_id" = 1 AND "active" AND "deleted_at" IS NULL AND "organization_id" IS NOT NULL
    GROUP BY "organization_id" ORDER BY "organization_id"
    ON CONFLICT ("organization_id") DO UPDATE SET "active_trainees" = c."active_trainees" + excluded."active_trainees";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "organization_trainee_counts" AS c ("organization_id", "active_trainees")
    SELECT "organization_id", -count(*) FROM old_rows
    WHERE "role_id" = 1 AND "active" AND "deleted_at" IS NULL AND "organization_id" IS NOT NULL
    GROUP BY "organization_id" ORDER BY "organization_id"
    ON CONFLICT ("organization_id") DO UPDATE SET "active_trainees" = c."active_trainees" + excluded."active_trainees";
  ELSE
    INSERT INTO "organization_trainee_counts" AS c ("organization_id", "active_trainees")
    SELECT "organization_id", sum("delta") FROM (
      SELECT "organization_id", 1 AS "delta" FROM new_rows
      WHERE "role_id" = 1 AND "active" AND "deleted_at" IS NULL AND "organization_id" IS NOT NULL
      UNION ALL
      SELECT "organization_id", -1 FROM old_rows
      WHERE "role_id" = 1 AND "active" AND "deleted_at" IS NULL AND "organization_id" IS NOT NULL
    ) AS d
    GROUP BY "organization_id" HAVING sum("delta") <> 0 ORDER BY "organization_id"
    ON CONFLICT ("organization_id") DO UPDATE SET "active_trainees" = c."active_trainees" + excluded."active_trainees";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_trainee_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "organization_trainee_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_trainee_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "organization_trainee_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_trainee_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "organization_trainee_counts_apply"();
--> statement-breakpoint
INSERT INTO "organization_trainee_counts" ("organization_id", "active_trainees")
SELECT "organization_id", count(*) FROM "users"
WHERE "role_id" = 1 AND "active" AND "deleted_at" IS NULL AND "organization_id" IS NOT NULL
GROUP BY "organization_id";
