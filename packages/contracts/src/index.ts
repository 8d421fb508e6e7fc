import './zod-setup';

export * from './audit';
export * from './auth';
export * from './case';
export * from './constants';
export * from './errors';
export * from './korean-ids';
export * from './messages';
export * from './pagination';
export * from './roles';
export * from './settings';
export { z } from './zod-setup';
