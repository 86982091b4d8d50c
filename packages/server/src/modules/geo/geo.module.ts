import { defineModule } from '../../platform/modules';

declare module '../../platform/modules' {
  interface Modules {
    geo: object;
  }
}

/** Countries and states for addresses. */
export default defineModule({
  name: 'geo',
  dependsOn: [],
  provides: [],
  build: () => ({}),
  routes: async () => [(await import('./geo.routes')).geoRoutes],
});
