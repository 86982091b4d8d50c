// A fixture for boundaries.test.ts: module alpha's table (a stand-in for a drizzle pgTable), referencing
// beta's for a foreign key (allowed: alpha declares beta).
import { betaRows } from '../beta/beta.tables';

export const alphaRows = { name: 'alpha_rows', references: betaRows.name };
