export * from './statuses';
export * from './project-machine';
export * from './offer-machine';
export * from './changes-machine';
export * from './production-line';
