export * from './admins';
export * from './audit-logs';
export * from './auth-sessions';
export * from './branches';
export * from './idempotency-keys';
export * from './rate-limits';
export * from './settings';
