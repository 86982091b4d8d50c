import { defineModule } from '../../platform/modules';
import { identityService, type IdentityService } from './identity.service';

declare module '../../platform/modules' {
  interface Modules {
    /** Federated sign-in (OpenID Connect) beside our own accounts. */
    identity: { identity: IdentityService };
  }
}

/** Sign-in with an identity provider (OpenID Connect), linked to our own accounts. */
export default defineModule({
  name: 'identity',
  dependsOn: ['accounts'],
  provides: ['identity'],
  build: ({ db, config, log, sessions, accounts, signup, throttle }) => ({
    identity: identityService({
      db,
      config: config.identity,
      publicUrl: config.publicUrl,
      sessions,
      accounts,
      signup,
      throttle,
      log,
    }),
  }),
  routes: async () => [(await import('./identity.routes')).identityRoutes],
});
