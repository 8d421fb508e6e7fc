/**
 * The browser's side of passkeys (docs/second-factor.md#passkeys), through @simplewebauthn/browser, loaded on first
 * use only: the login page stays small. The server's options and the browser's answer travel as JSON strings, so
 * their keys (`clientDataJSON`…) never pass through the wire's case conversion.
 */
export async function answerPasskey(optionsJson: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startAuthentication({ optionsJSON: JSON.parse(optionsJson) }));
}

export async function createPasskey(optionsJson: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(optionsJson) }));
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The user closed the browser's passkey dialog, or it timed out: not an error to report. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
