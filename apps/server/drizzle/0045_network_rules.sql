CREATE TABLE "network_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "network_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cidr" text NOT NULL,
	"role" text,
	"admin_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "network_rules_one_target" CHECK (("network_rules"."role" IS NULL) <> ("network_rules"."admin_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "network_rules" ADD CONSTRAINT "network_rules_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_rules" ADD CONSTRAINT "network_rules_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every process keeps the rules for a few seconds; a change is announced like a session's
-- (docs/sessions-and-logs.md#the-session-check), as `n:*`.
CREATE FUNCTION network_rules_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ilson_auth', 'n:*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER network_rules_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON network_rules
  FOR EACH STATEMENT EXECUTE FUNCTION network_rules_notify_change();
