export * from './basis';
export * from './tables';
export * from './wages';
