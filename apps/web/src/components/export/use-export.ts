import type { ExportResource } from '@ilson/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, classifyError } from '../../api/errors';
import { koExports } from '../../locales/ko/exports';
import { showErrorToast, useToast } from '../toast';
import {
  type ExportOptions,
  type ExportProgress,
  type ExportQuery,
  exportFileNameToday,
  fetchExport,
  saveBlob,
} from './download';

export type ExportOutcome = { ok: true } | { ok: false; error?: ApiError };

/** docs/wire.md#errors-and-validation: an export's 422 shows the first of `error.details`, else the normalised message. */
export function exportErrorMessage(error: ApiError): string {
  return error.details[0]?.message ?? error.message;
}

/**
 * One export at a time: download the file with the list's query, save it under its docs/exports.md#endpoints-and-file-names name and say how
 * it went. `cancel()` aborts the download (leaving the page does too).
 */
export function useExport(resource: ExportResource, query: ExportQuery) {
  const toast = useToast();
  const controller = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (options: ExportOptions): Promise<ExportOutcome> => {
      const current = new AbortController();
      controller.current = current;
      setRunning(true);
      setProgress(null);
      try {
        const blob = await fetchExport(resource, query, options, {
          signal: current.signal,
          onProgress: setProgress,
        });
        saveBlob(blob, exportFileNameToday(resource, options.format));
        toast.success(koExports.success(resource));
        return { ok: true };
      } catch (caught) {
        if (current.signal.aborted) {
          toast.info(koExports.canceled);
          return { ok: false };
        }
        const error = classifyError(caught);
        if (!error.handled) {
          toast.error(koExports.failure(resource));
          if (error.type === 'validation') toast.error(exportErrorMessage(error));
          else showErrorToast(toast, error);
        }
        return { ok: false, error };
      } finally {
        if (controller.current === current) controller.current = null;
        setRunning(false);
        setProgress(null);
      }
    },
    [resource, query, toast],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { run, cancel, running, progress };
}
