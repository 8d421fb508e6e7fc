-- Free-text search (the lists' q): ILIKE '%term%' over a million rows is a full scan; trigram GIN indexes let
-- PostgreSQL (and PGlite, which loads pg_trgm) find the matching rows instead. A worker's names are searched as one
-- expression that holds every form the search accepts: 한글 이름, first, last, "first last" and "last first".
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Not partial: matchings, payouts and resumes find their workers by name too, deleted ones included.
CREATE INDEX IF NOT EXISTS "workers_names_trgm_idx" ON "workers" USING gin ((name_ko || ' ' || first_name || ' ' || last_name || ' ' || first_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "workers_phone_trgm_idx" ON "workers" USING gin (phone_number gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employers_ceo_name_trgm_idx" ON "employers" USING gin (ceo_name gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_posts_title_trgm_idx" ON "job_posts" USING gin (title gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
-- Not partial: the job-post search also looks up the employers of posts by company name, deleted ones included.
CREATE INDEX IF NOT EXISTS "employers_company_name_trgm_idx" ON "employers" USING gin (company_name gin_trgm_ops);
