export * from './basis';
export * from './employment';
export * from './tables';
export * from './workplace-change';
