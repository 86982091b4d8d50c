// A fixture for boundaries.test.ts: module alpha's table (a stand-in for a drizzle pgTable).
export const alphaRows = { name: 'alpha_rows' };
