export * from './lateness';
export * from './order-updates';
export * from './people';
export * from './dimensions';
export * from './money';
export * from './bytes';
export * from './dates';
export * from './time-zone';
