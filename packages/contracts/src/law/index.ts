export * from './basis';
export * from './tables';
export * from './visas';
