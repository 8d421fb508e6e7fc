CREATE TABLE "employer_permits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_permits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"type" text NOT NULL,
	"permit_no" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"headcount" integer NOT NULL,
	"visa" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employer_permits_valid_range_check" CHECK ("employer_permits"."valid_to" >= "employer_permits"."valid_from"),
	CONSTRAINT "employer_permits_headcount_check" CHECK ("employer_permits"."headcount" > 0),
	CONSTRAINT "employer_permits_visa_check" CHECK (("employer_permits"."type" = 'employment_permit' AND "employer_permits"."visa" = 'E-9')
        OR ("employer_permits"."type" = 'special_employment_confirmation' AND "employer_permits"."visa" = 'H-2'))
);
--> statement-breakpoint
ALTER TABLE "employer_permits" ADD CONSTRAINT "employer_permits_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_permits" ADD CONSTRAINT "employer_permits_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_permits_employer_idx" ON "employer_permits" USING btree ("employer_id","type","valid_from");--> statement-breakpoint
CREATE INDEX "employer_permits_created_by_idx" ON "employer_permits" USING btree ("created_by");