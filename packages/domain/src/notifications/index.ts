export * from './catalog';
export * from './relative-time';
