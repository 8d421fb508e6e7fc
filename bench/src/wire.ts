import { type Browser, type BrowserContext, chromium } from '@playwright/test';

/** One page's cold load as the browser received it: every response, headers and body as encoded on the wire. */
export type PageWire = {
  path: string;
  /** Bytes received (headers + encoded bodies) of every response until the network was idle. */
  bytes: number;
  requests: number;
  /** Bytes of the static files (scripts, styles, the page): what precompression is meant to shrink. */
  staticBytes: number;
  /** Static files above 1 KB that came without a `Content-Encoding`: a claim of compression the server did not keep. */
  uncompressed: string[];
  encodings: Record<string, number>;
};

export type WireResult = { pages: PageWire[] };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Loads `path` in `context` (a fresh one: empty HTTP cache) and sums what Chromium's network stack received. */
async function loadCold(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  ready: (page: Awaited<ReturnType<BrowserContext['newPage']>>) => Promise<void>,
): Promise<PageWire> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const responses = new Map<string, { url: string; encoding: string; type: string }>();
  const result: PageWire = {
    path,
    bytes: 0,
    requests: 0,
    staticBytes: 0,
    uncompressed: [],
    encodings: {},
  };
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      type: headers['content-type'] ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (!response || response.url.startsWith('data:')) return;
    result.bytes += event.encodedDataLength;
    result.requests += 1;
    result.encodings[response.encoding] = (result.encodings[response.encoding] ?? 0) + 1;
    const isStatic = !new URL(response.url).pathname.startsWith('/api/');
    if (isStatic) {
      result.staticBytes += event.encodedDataLength;
      const text = /javascript|css|html|json|svg/.test(response.type);
      if (text && response.encoding === 'identity' && event.encodedDataLength > 1500) {
        result.uncompressed.push(new URL(response.url).pathname);
      }
    }
  });
  await page.goto(`${baseUrl}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return result;
}

/**
 * Bytes as sent for a cold /login, /dashboard and /workers (each in a fresh browser context, so nothing comes
 * from the HTTP cache; the signed-in pages reuse the sign-in's token), counted by Chromium's network stack
 * (CDP Network.loadingFinished encodedDataLength: headers and bodies as they crossed the wire).
 */
export async function measureWire(baseUrl: string, password: string): Promise<WireResult> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const options = { viewport: { width: 1440, height: 900 } };
    const pages: PageWire[] = [];
    const loginContext = await browser.newContext(options);
    pages.push(
      await loadCold(loginContext, baseUrl, '/login', (page) =>
        page.getByRole('button', { name: '로그인' }).waitFor(),
      ),
    );
    // Sign in once, then take the stored token into fresh contexts.
    const signIn = await loginContext.newPage();
    await signIn.goto(`${baseUrl}/login`);
    await signIn.getByLabel('아이디 또는 이메일').fill('admin');
    await signIn.getByLabel('비밀번호', { exact: true }).fill(password);
    await signIn.getByRole('button', { name: '로그인' }).click();
    await signIn.getByRole('heading', { level: 1, name: '대시보드' }).waitFor();
    const storageState = await loginContext.storageState();
    await loginContext.close();
    for (const [path, ready] of [
      [
        '/dashboard',
        (page: Awaited<ReturnType<BrowserContext['newPage']>>) =>
          page.getByRole('heading', { level: 1, name: '대시보드' }).waitFor(),
      ],
      [
        '/workers',
        (page: Awaited<ReturnType<BrowserContext['newPage']>>) =>
          page.locator('.ant-table-tbody').first().waitFor(),
      ],
    ] as const) {
      const context = await browser.newContext({ ...options, storageState });
      pages.push(await loadCold(context, baseUrl, path, ready));
      await context.close();
    }
    return { pages };
  } finally {
    await browser.close();
  }
}
