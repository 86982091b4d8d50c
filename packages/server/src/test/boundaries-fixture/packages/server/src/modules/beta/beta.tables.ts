// A fixture for boundaries.test.ts: module beta's table.
export const betaRows = { name: 'beta_rows' };
