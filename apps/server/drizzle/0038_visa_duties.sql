ALTER TABLE "job_posts" ADD COLUMN "duty" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "study_course" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "part_time_permit_no" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "part_time_permit_weekly_hours" integer;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "part_time_permit_valid_from" date;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "part_time_permit_valid_to" date;