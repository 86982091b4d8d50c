export * from './users';
export * from './platform';
export * from './catalog';
export * from './models';
export * from './projects';
export * from './chat';
export * from './library';
