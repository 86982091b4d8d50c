// A fixture for boundaries.test.ts: what beta publishes for other modules to read (allowed to import).
import { betaRows } from './beta.tables';

export const betaNames = () => [betaRows.name];
