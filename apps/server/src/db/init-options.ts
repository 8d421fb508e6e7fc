import type { BootstrapResult } from '../modules/admins/bootstrap';

/** What the first-start child process (init-embedded) is told, on stdin. */
export type InitOptions = {
  adminEmail: string;
  adminPassword?: string;
  demoDataScale: number;
  /** The PII key, base64: the demo workers' identifiers are stored encrypted. */
  piiKey: string;
};

/** What it reports back: the first admin (a generated password is shown once) and the demo-data line. */
export type FirstStart = { admin: BootstrapResult; demo?: string };

export const INIT_REPORT_PREFIX = 'ILSON_INIT_REPORT ';
