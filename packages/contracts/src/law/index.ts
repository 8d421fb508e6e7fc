export * from './basis';
export * from './fees';
export * from './tables';
export * from './wages';
