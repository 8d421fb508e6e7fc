export * from './basis';
export * from './identity';
export * from './tables';
