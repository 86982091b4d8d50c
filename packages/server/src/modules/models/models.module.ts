import { defineModule } from '../../platform/modules';
import { modelsService, type ModelsService } from './models.service';

declare module '../../platform/modules' {
  interface Modules {
    models: { models: ModelsService };
  }
}

/** Models: uploads of 3D models and their exact analysis (volume, area, size, shells). */
export default defineModule({
  name: 'models',
  dependsOn: ['accounts'],
  provides: ['models'],
  build: ({ db, storage, files, config, jobs, log }) => ({
    models: modelsService({ db, storage, files, config, jobs, log }),
  }),
  routes: async () => [(await import('./models.routes')).modelsRoutes],
  async jobs({ jobs, models, storage, log }) {
    const { registerModelJobs } = await import('./models.jobs');
    await registerModelJobs({ jobs, models, storage, log });
  },
});
