import { defineModule } from '../../platform/modules';
import { designService, type DesignService } from './design.service';

declare module '../../platform/modules' {
  interface Modules {
    design: { design: DesignService };
  }
}

/** Design from a description: AI drafts and generations paid with credits, and the advice beside them. */
export default defineModule({
  name: 'design',
  dependsOn: ['catalog', 'projects', 'billing', 'accounts', 'payments'],
  provides: ['design'],
  build: ({ db, storage, files, catalog, projects, ai, billing }) => ({
    design: designService({ db, storage, files, catalog, projects, ai, credits: billing.credits }),
  }),
  routes: async () => [(await import('./design.routes')).designRoutes],
  async jobs({ jobs, design }) {
    // a generation left pending by a stopped process is failed and its credits given back
    await jobs.schedule('design-generations-sweep', '*/10 * * * *', async () => {
      await design.generations.sweepStuck();
    });
  },
});
