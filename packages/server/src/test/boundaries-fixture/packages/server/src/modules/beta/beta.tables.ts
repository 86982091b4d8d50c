// A fixture for boundaries.test.ts: module beta's table, referencing alpha's for a foreign key (allowed).
import { alphaRows } from '../alpha/alpha.tables';

export const betaRows = { name: 'beta_rows', references: alphaRows.name };
