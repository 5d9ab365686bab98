CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "users_org_list_idx";--> statement-breakpoint
DROP INDEX "users_list_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || chr(10) || "email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("organization_id","search_key" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_org_list_idx" ON "users" USING btree ("organization_id","last_name","first_name","id","role_id","deleted_at","search_key");--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("last_name","first_name","id","organization_id","role_id","deleted_at","search_key");