// A fixture for boundaries.test.ts: a reads file importing another module (refused: reads are leaves).
import { betaNames } from '../beta/beta.reads';
import { alphaRows } from './alpha.tables';

export const alphaAndBeta = () => [alphaRows.name, ...betaNames()];
