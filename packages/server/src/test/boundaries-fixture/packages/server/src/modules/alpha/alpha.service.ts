// A fixture for boundaries.test.ts: alpha uses its own table and beta's reads (allowed) and beta's table
// itself (the one import the ownership rule must refuse).
import { alphaRows } from './alpha.tables';
import { betaNames } from '../beta/beta.reads';
import { betaRows } from '../beta/beta.tables';

export const everything = () => [alphaRows.name, ...betaNames(), betaRows.name];
