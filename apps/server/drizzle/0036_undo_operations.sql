-- An undo entry keeps the operation a status change made (the record's move, the moves of the rows that followed
-- it), no longer rows to write back: the undo asks each record's own service to move it back, under its rules
-- (docs/undo-and-trash.md#undo-of-a-status-change). Entries live for seconds, so those written the old way are
-- dropped rather than converted.
DELETE FROM "undo_entries";--> statement-breakpoint
ALTER TABLE "undo_entries" RENAME COLUMN "rows" TO "operation";
