DROP INDEX "groups_org_idx";--> statement-breakpoint
DROP INDEX "users_org_role_idx";--> statement-breakpoint
DROP INDEX "answers_assignment_status_idx";--> statement-breakpoint
CREATE INDEX "users_org_list_idx" ON "users" USING btree ("organization_id","last_name","first_name","id","role_id","deleted_at","email");--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("last_name","first_name","id","organization_id","role_id","deleted_at","email");--> statement-breakpoint
CREATE INDEX "groups_org_name_idx" ON "groups" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_org_role_idx" ON "users" USING btree ("organization_id","role_id","id","deleted_at","active","creator");--> statement-breakpoint
CREATE INDEX "answers_assignment_status_idx" ON "answers" USING btree ("assignment_id","status_id","id","user_id","submitted_at");