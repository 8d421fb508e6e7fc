/** What the first-start child process (init-embedded) is told, on stdin. */
export type InitOptions = {
  adminEmail: string;
  adminPassword?: string;
  demoDataScale: number;
  /** The PII key, base64: the demo workers' identifiers are stored encrypted. */
  piiKey: string;
};

/** The first super admin: made now (with the password to show once, null when it came from ADMIN_PASSWORD), or not. */
export type BootstrapResult =
  | { created: false }
  | { created: true; loginId: string; email: string; password: string | null };

/** What it reports back: the first admin (a generated password is shown once) and the demo-data line. */
export type FirstStart = { admin: BootstrapResult; demo?: string };

export const INIT_REPORT_PREFIX = 'ILSON_INIT_REPORT ';
