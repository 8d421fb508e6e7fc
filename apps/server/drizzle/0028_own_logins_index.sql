-- An admin's own sign-ins (내 정보 → 로그인 기록), newest first. Filtered from every row the admin made, the page was
-- a scan of the admin's whole share of the access log: with a million rows, 120 ms, a parallel scan of the table.
-- A partial index holding sign-ins only, read backwards, gives the page from its first entries
-- (docs/access-log.md#own-sign-ins).
CREATE INDEX "audit_logs_own_logins_idx" ON "audit_logs" USING btree ("actor_admin_id","created_at","id") WHERE "audit_logs"."action" IN ('LOGIN', 'LOGIN_FAILED');