import { defineModule } from '../../platform/modules';

declare module '../../platform/modules' {
  interface Modules {
    health: object;
  }
}

/** The health answer: each outside part this process uses, up or down. */
export default defineModule({
  name: 'health',
  dependsOn: [],
  provides: [],
  build: () => ({}),
  routes: async () => [(await import('./health.routes')).healthRoutes],
});
