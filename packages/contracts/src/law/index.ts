export * from './basis';
export * from './tables';
