// A fixture for boundaries.test.ts: a file private to beta (not a service, reads, contract or tables file).
export const betaHelper = () => 'private';
