export * from './basis';
export * from './fees';
export * from './identity';
export * from './tables';
export * from './visas';
export * from './wages';
