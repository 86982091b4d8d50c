export * from './lateness';
export * from './production-stages';
export * from './people';
export * from './dimensions';
export * from './money';
