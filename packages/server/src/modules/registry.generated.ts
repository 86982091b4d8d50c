// Written by `npm run modules` (scripts/modules-registry.mjs) from the modules/<name>/<name>.module.ts files.
// Do not edit: add a module folder with its registration and run the command.
import accounts from './accounts/accounts.module';
import billing from './billing/billing.module';
import cart from './cart/cart.module';
import catalog from './catalog/catalog.module';
import chat from './chat/chat.module';
import dashboard from './dashboard/dashboard.module';
import design from './design/design.module';
import designers from './designers/designers.module';
import geo from './geo/geo.module';
import health from './health/health.module';
import identity from './identity/identity.module';
import library from './library/library.module';
import models from './models/models.module';
import notifications from './notifications/notifications.module';
import offers from './offers/offers.module';
import onboarding from './onboarding/onboarding.module';
import ops from './ops/ops.module';
import orders from './orders/orders.module';
import parametric from './parametric/parametric.module';
import payments from './payments/payments.module';
import pricing from './pricing/pricing.module';
import projects from './projects/projects.module';
import ratings from './ratings/ratings.module';

/** Every module of the server, by name; `buildModules` puts them in dependency order. */
export const MODULES = [
  accounts,
  billing,
  cart,
  catalog,
  chat,
  dashboard,
  design,
  designers,
  geo,
  health,
  identity,
  library,
  models,
  notifications,
  offers,
  onboarding,
  ops,
  orders,
  parametric,
  payments,
  pricing,
  projects,
  ratings,
] as const;
