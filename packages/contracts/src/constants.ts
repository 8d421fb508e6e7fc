/** docs/ARCHITECTURE.md#layers business constants and limits, shared by server and client. */
export const API_BASE_PATH = '/api/v1/';
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_STORAGE_KEY = 'token';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 2_000;
export const RETRY_TOAST_DURATION = 0;
export const TOAST_DURATION_SECONDS = 3;
export const EXPORT_DEFAULT_FORMAT = 'excel';
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_RETRY = 1;
export const MUTATION_RETRY = 1;
export const COPYRIGHT_YEAR = 2024;

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
export const IDEMPOTENCY_HEADER_NAME = 'Idempotency-Key';

/** docs/SECURITY.md token lifetimes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 14;
/**
 * The server writes a session's last activity at most this often, so it may count an idle session from up to this
 * long before its last request; the browser's idle logout allows for it (docs/sessions-and-logs.md).
 */
export const SESSION_ACTIVITY_WRITE_SECONDS = 5;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * How far a list can be paged (rows): beyond it a page is refused with a message to narrow the search — OFFSET
 * that deep collapses under load (BENCHMARKS.md).
 */
export const MAX_LIST_WINDOW = 10_000;
/**
 * Up to this many matching rows a list's total is counted exactly (a count that stops there: cheap at tens of
 * thousands of rows); above it it is the planner's estimate and `meta.total_estimated` says so (an exact count of
 * a million rows costs more than the page, BENCHMARKS.md).
 */
export const EXACT_TOTAL_LIMIT = 50_000;
