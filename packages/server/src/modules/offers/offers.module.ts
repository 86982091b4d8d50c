import { defineModule } from '../../platform/modules';
import { offersService, type OffersService } from './offers.service';

declare module '../../platform/modules' {
  interface Modules {
    offers: { offers: OffersService };
  }
}

/** Offers: a professional's price and lead time for a project, and the customer's answer. */
export default defineModule({
  name: 'offers',
  dependsOn: ['projects', 'chat', 'accounts'],
  provides: ['offers'],
  // the chat's quote cards follow the offers
  build: ({ db, projects, chat, news }) => ({
    offers: offersService({ db, projects, onOfferChange: chat.offerChanged, news }),
  }),
  routes: async () => [(await import('./offers.routes')).offersRoutes],
});
