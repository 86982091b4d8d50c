import { defineModule } from '../../platform/modules';
import { ratingOfProject } from './ratings.reads';
import { ratingsService, type RatingsService } from './ratings.service';

declare module '../../platform/modules' {
  interface Modules {
    ratings: { ratings: RatingsService };
  }
}

/** Ratings: a customer's rating of the professional who made their piece. */
export default defineModule({
  name: 'ratings',
  dependsOn: ['projects', 'accounts'],
  provides: ['ratings'],
  build({ db, projects }) {
    // a project shows its rating, and a rated project cannot be rated again
    projects.readRatingsWith(ratingOfProject);
    return { ratings: ratingsService({ db, projects }) };
  },
  routes: async () => [(await import('./ratings.routes')).ratingsRoutes],
});
