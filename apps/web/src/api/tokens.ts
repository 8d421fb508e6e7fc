import { REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';

/** Where the access and refresh tokens live (docs/ARCHITECTURE.md#wire: localStorage under `token` / `refreshToken`). */
export type TokenStore = {
  getToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(token: string, refreshToken: string): void;
  clear(): void;
};

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const localTokenStore: TokenStore = {
  getToken: () => read(TOKEN_STORAGE_KEY),
  getRefreshToken: () => read(REFRESH_TOKEN_STORAGE_KEY),
  setTokens(token, refreshToken) {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    window.localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
  },
  clear() {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
  },
};
