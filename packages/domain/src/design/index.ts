// Public surface of the design wizard's domain: steps, limits, field rules and texts, the rules-based
// form check and recommendations, and the image prompt. Same code in the browser and on the server.
export * from './wizard';
export * from './advice';
