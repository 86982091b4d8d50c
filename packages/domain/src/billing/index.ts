export * from './credits';
export * from './plans';
