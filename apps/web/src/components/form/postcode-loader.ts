import { POSTCODE_SERVICE } from '@ilson/contracts';

/**
 * The online postcode service's script, loaded on the first click of 주소 검색 and never before
 * (docs/web-app.md#forms). Without the internet, or when the page's policy does not admit it, the load fails
 * or times out and the form keeps its manual entry.
 */

/** What the service hands back for the address picked (the fields the forms use). */
export type PostcodeResult = {
  /** 우편번호, five digits. */
  zonecode: string;
  /** 도로명 주소. */
  roadAddress: string;
  /** The road address the service inferred when a lot-number (지번) address was picked. */
  autoRoadAddress?: string;
  /** The address as picked, road or lot number. */
  address: string;
  /** 건물명, empty when the building has none. */
  buildingName?: string;
};

export type PostcodeOptions = {
  oncomplete(result: PostcodeResult): void;
  width?: string | number;
  height?: string | number;
};

export type PostcodeWidget = { embed(element: HTMLElement): void };
export type PostcodeConstructor = new (options: PostcodeOptions) => PostcodeWidget;

type DaumGlobal = {
  Postcode?: PostcodeConstructor;
  postcode?: { load?(ready: () => void): void };
};

/** How long the script may take before the form says to type the address instead. */
export const POSTCODE_LOAD_TIMEOUT_MS = 8_000;

// autoload=false: a script added after the page has loaded brings in the service's core through postcode.load.
const SCRIPT_URL = `${POSTCODE_SERVICE.scriptUrl}?autoload=false`;

const daumOf = () => (window as unknown as { daum?: DaumGlobal }).daum;

let pending: Promise<PostcodeConstructor> | null = null;

/** The service's constructor, its script loaded once; a failed load is tried again on the next call. */
export function loadPostcode(timeoutMs = POSTCODE_LOAD_TIMEOUT_MS): Promise<PostcodeConstructor> {
  const ready = daumOf()?.Postcode;
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;
  const attempt = new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    let settled = false;
    const finish = (error: Error | null, api?: PostcodeConstructor) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (api && !error) {
        resolve(api);
        return;
      }
      script.remove();
      reject(error ?? new Error('postcode service unavailable'));
    };
    const timer = setTimeout(() => finish(new Error('postcode service timed out')), timeoutMs);
    const take = () => {
      const api = daumOf()?.Postcode;
      finish(api ? null : new Error('postcode service did not start'), api);
    };
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const daum = daumOf();
      if (daum?.postcode?.load) daum.postcode.load(take);
      else take();
    };
    script.onerror = () => finish(new Error('postcode script did not load'));
    document.head.appendChild(script);
  });
  pending = attempt;
  // Once settled the page's `daum.Postcode` answers, or the next click tries again.
  const settle = () => {
    if (pending === attempt) pending = null;
  };
  attempt.then(settle, settle);
  return attempt;
}
