ALTER TABLE "payouts" ADD COLUMN "last_edited_by" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_last_edited_by_admins_id_fk" FOREIGN KEY ("last_edited_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The maker of an existing payout is who registered it.
UPDATE "payouts" SET "last_edited_by" = "created_by";
