export * from './catalog';
export * from './mail-events';
export * from './relative-time';
