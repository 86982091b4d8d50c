import { defineModule } from '../../platform/modules';
import { cartCount } from './cart.reads';
import { cartService, type CartService } from './cart.service';
import { checkoutService, type CheckoutService } from './checkout.service';

declare module '../../platform/modules' {
  interface Modules {
    cart: { cart: CartService; checkout: CheckoutService };
  }
}

/** The cart and its checkout: configured pieces, engravings, discount codes, an order paid at once. */
export default defineModule({
  name: 'cart',
  dependsOn: ['accounts', 'catalog', 'pricing', 'models', 'library', 'orders', 'payments'],
  provides: ['cart', 'checkout'],
  build({ db, files, accounts, catalog, pricing, models, library, orders, payments }) {
    // a customer's `/api/me` shows how many pieces their cart holds
    accounts.addToMe('cartCount', cartCount);
    const cart = cartService({ db, catalog, pricing, models, library, files });
    // a cart payment's confirmation marks its order paid and takes the ordered lines out of the cart
    return { cart, checkout: checkoutService({ db, cart, library, orders, payments }) };
  },
  routes: async () => [
    (await import('./cart.routes')).cartRoutes,
    (await import('./engraving-images.routes')).engravingImageRoutes,
  ],
});
