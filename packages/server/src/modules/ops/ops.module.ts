import { defineModule } from '../../platform/modules';
import { opsService, type OpsService } from './ops.service';

declare module '../../platform/modules' {
  interface Modules {
    /** The operations console's reads (people, projects board, audit log). */
    ops: { ops: OpsService };
  }
}

/** The operations console: staff's reads of people and projects, and the audit log. */
export default defineModule({
  name: 'ops',
  dependsOn: ['accounts', 'payments', 'projects'],
  provides: ['ops'],
  build: ({ db }) => ({ ops: opsService({ db }) }),
  routes: async () => [(await import('./ops.routes')).opsRoutes],
});
