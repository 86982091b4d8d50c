// A fixture for boundaries.test.ts: the operator's command uses a module's service (allowed), and the app
// and a module's job registrations (refused: the command starts no server, worker or schedule).
import { buildApp } from '../app';
import { everything } from '../modules/alpha/alpha.service';
import { registerAlphaJobs } from '../modules/alpha/alpha.jobs';

export const run = () => [buildApp(), ...everything(), registerAlphaJobs()];
