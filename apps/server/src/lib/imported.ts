/**
 * A record made by a row of an import (docs/imports.md#commit-and-undo-go-through-the-services): the batch and row it
 * is stamped with, and how its access-log entry names them ("근로자 가져오기 #12 5행").
 */
export type ImportedRow = { batchId: number; rowNo: number; label: string };
