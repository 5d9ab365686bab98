CREATE TABLE "saml_message_ids" (
	"kind" text NOT NULL,
	"organization_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_message_ids_kind_organization_id_message_id_pk" PRIMARY KEY("kind","organization_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "saml_idp_entity_id" text;--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "saml_certificates" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_sso" ADD COLUMN "saml_attributes" jsonb DEFAULT '{"email":"","firstName":"","lastName":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saml_message_ids" ADD CONSTRAINT "saml_message_ids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_message_ids_expires_idx" ON "saml_message_ids" USING btree ("expires_at");