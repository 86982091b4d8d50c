// A fixture for boundaries.test.ts: a platform part importing a module (refused: the platform is below
// every module).
import { betaNames } from '../modules/beta/beta.reads';

export const clock = () => betaNames().length;
