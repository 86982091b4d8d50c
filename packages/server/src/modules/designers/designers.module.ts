import { defineModule } from '../../platform/modules';
import { designersService, type DesignersService } from './designers.service';

declare module '../../platform/modules' {
  interface Modules {
    designers: { designers: DesignersService };
  }
}

/** Designers and manufacturers: their public profiles, portfolios and the directory. */
export default defineModule({
  name: 'designers',
  dependsOn: ['projects', 'accounts', 'chat', 'ratings'],
  provides: ['designers'],
  build: ({ db, projects, accounts }) => ({ designers: designersService({ db, projects, accounts }) }),
  routes: async () => [(await import('./designers.routes')).designersRoutes],
});
