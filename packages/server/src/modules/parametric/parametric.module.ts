import { defineModule } from '../../platform/modules';

declare module '../../platform/modules' {
  interface Modules {
    parametric: object;
  }
}

/** Parametric pieces: rings and pendants made from a few numbers, priced like an upload. */
export default defineModule({
  name: 'parametric',
  dependsOn: ['models'],
  provides: [],
  build: () => ({}),
  routes: async () => [(await import('./parametric.routes')).parametricRoutes],
});
