-- A super admin's legal basis for a fee whose placement belongs to the public service (E-9, E-8): docs/law-as-data.md#fees.
ALTER TABLE "payouts" ADD COLUMN "legal_basis_note" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "legal_basis_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "legal_basis_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_legal_basis_by_admins_id_fk" FOREIGN KEY ("legal_basis_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_legal_basis_check" CHECK (("payouts"."legal_basis_note" IS NULL AND "payouts"."legal_basis_by" IS NULL AND "payouts"."legal_basis_at" IS NULL)
        OR ("payouts"."legal_basis_note" IS NOT NULL AND btrim("payouts"."legal_basis_note") <> '' AND "payouts"."legal_basis_at" IS NOT NULL));