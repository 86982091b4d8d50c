export * from './months';
export * from './revenue';
