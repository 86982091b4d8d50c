import { defineModule } from '../../platform/modules';
import { libraryService, type LibraryService } from './library.service';

declare module '../../platform/modules' {
  interface Modules {
    library: { library: LibraryService };
  }
}

/** The library: designs published to be bought as they are. */
export default defineModule({
  name: 'library',
  dependsOn: ['models', 'billing'],
  provides: ['library'],
  build: ({ db, storage, models }) => ({ library: libraryService({ db, storage, models }) }),
  routes: async () => [(await import('./library.routes')).libraryRoutes],
});
