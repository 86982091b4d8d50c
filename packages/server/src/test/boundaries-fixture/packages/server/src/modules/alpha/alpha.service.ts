// A fixture for boundaries.test.ts: alpha uses its own table and beta's reads (allowed), beta's table
// itself (refused by the ownership rule) and a file private to beta (refused: not a public file).
import { alphaRows } from './alpha.tables';
import { betaNames } from '../beta/beta.reads';
import { betaRows } from '../beta/beta.tables';
import { betaHelper } from '../beta/beta.helpers';

export const everything = () => [alphaRows.name, ...betaNames(), betaRows.name, betaHelper()];
export type Everything = ReturnType<typeof everything>;
