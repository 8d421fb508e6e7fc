import {
  type Endpoint,
  type ExportFormat,
  type ExportResource,
  endpointPath,
  exportFileName,
  exportsApi,
} from '@ilson/contracts';
import { type AxiosAdapter, getAdapter, isAxiosError } from 'axios';
import { api } from '../../api/client';
import { todayInSeoul } from '../../lib/datetime';

/** A 1M-row file takes longer than the default 30 s to stream. */
export const EXPORT_TIMEOUT_MS = 10 * 60 * 1000;

/** Some browsers read the object URL only after `click()` has returned. */
const REVOKE_DELAY_MS = 1000;

export type ExportOptions = { format: ExportFormat; reason?: string; unmasked?: boolean };

/** Bytes received so far; `total` only when the server sent a length (a streamed file usually has none). */
export type ExportProgress = { loaded: number; total?: number };

/** A list's query (camelCase, as `useListParams` builds it); the API client turns the keys into snake_case. */
export type ExportQuery = Readonly<Record<string, unknown>>;

/** The list's filters and sort without its paging, plus the export's own options. */
export function exportParams(query: ExportQuery, options: ExportOptions): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'page' && key !== 'pageSize' && value !== undefined && value !== '') params[key] = value;
  }
  params.format = options.format;
  const reason = options.reason?.trim();
  if (reason) params.reason = reason;
  if (options.unmasked) params.unmasked = 'true';
  return params;
}

async function readJson(blob: Blob): Promise<unknown> {
  const text = await blob.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Asked for a Blob, an error reply arrives as one too: read it back into the JSON error envelope before the
 * client's interceptor classifies it, so the 422 details and every other error read as on any other call.
 */
const jsonErrorsAdapter: AxiosAdapter = async (config) => {
  try {
    return await getAdapter(api.defaults.adapter, config)(config);
  } catch (error) {
    const response = isAxiosError(error) ? error.response : undefined;
    if (response?.data instanceof Blob) response.data = await readJson(response.data);
    throw error;
  }
};

export type DownloadOptions = { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void };

export function fetchExport(
  resource: ExportResource,
  query: ExportQuery,
  options: ExportOptions,
  download: DownloadOptions = {},
): Promise<Blob> {
  return fetchDownload(exportsApi[resource], exportParams(query, options), download);
}

/** A file from the API (a declared endpoint whose reply is a file): long timeout, progress, cancel, and error replies read as JSON. */
export async function fetchDownload(
  endpoint: Endpoint & { method: 'GET'; response: 'file' },
  params: Record<string, unknown>,
  { signal, onProgress }: DownloadOptions = {},
  pathParams?: Record<string, unknown>,
): Promise<Blob> {
  const response = await api.get<Blob>(endpointPath(endpoint, pathParams).slice(1), {
    params,
    responseType: 'blob',
    timeout: EXPORT_TIMEOUT_MS,
    signal,
    adapter: jsonErrorsAdapter,
    onDownloadProgress: (event) => onProgress?.({ loaded: event.loaded, total: event.total || undefined }),
  });
  return response.data;
}

/** docs/exports.md#endpoints-and-file-names: the client names the file (`근로자목록_2025-03-01.xlsx`), not the Content-Disposition. */
export function exportFileNameToday(resource: ExportResource, format: ExportFormat): string {
  return exportFileName(resource, format, todayInSeoul());
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}
