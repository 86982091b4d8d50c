import { defineModule } from '../../platform/modules';
import { projectsService, type ProjectsService } from './projects.service';

declare module '../../platform/modules' {
  interface Modules {
    projects: { projects: ProjectsService };
  }
}

/** Projects: a customer's piece from request to delivery, its items, invitations, changes and status. */
export default defineModule({
  name: 'projects',
  dependsOn: ['accounts', 'models'],
  provides: ['projects'],
  build: ({ db, jobs, storage, news }) => ({ projects: projectsService({ db, jobs, storage, news }) }),
  routes: async () => [(await import('./projects.routes')).projectsRoutes],
});
