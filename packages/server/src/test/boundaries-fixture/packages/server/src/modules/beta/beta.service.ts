// A fixture for boundaries.test.ts: beta names a type of alpha, which it does not declare (refused: a
// cycle, alpha -> beta -> alpha, even made of a type).
import type { Everything } from '../alpha/alpha.service';

export const betaService = (everything: Everything) => everything.length;
