import { defineModule } from '../../platform/modules';
import type { UserRow } from './accounts.queries';
import { accountsService, type AccountsService } from './accounts.service';
import { authThrottleStore, type AuthThrottle } from './auth-throttle';
import { registerSessionPurge, sessionStore, type SessionStore } from './sessions.service';
import { signupService, type SignupService } from './signup.service';

declare module '../../platform/modules' {
  interface Modules {
    accounts: {
      sessions: SessionStore;
      throttle: AuthThrottle;
      accounts: AccountsService;
      signup: SignupService;
    };
  }
}

declare module '../../platform/viewer' {
  /** The signed-in account is the whole of its row (the platform declares what its guards read). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the row's fields by merging
  interface Viewer extends UserRow {}
}

/** Accounts: sign-up, sign-in, sessions and the throttle on failed attempts, profiles, staff's decisions. */
export default defineModule({
  name: 'accounts',
  dependsOn: ['onboarding', 'geo'],
  provides: ['sessions', 'throttle', 'accounts', 'signup'],
  build({ config, database, db, files, jobs, onboarding }) {
    // the embedded database has this one process as its only writer: looked-up sessions may be kept
    const sessions = sessionStore(db, config.sessionTtlDays, {
      ...(database.kind === 'pglite' ? { keepWhileUnchanged: database.onWriteTo } : {}),
    });
    const throttle = authThrottleStore(db);
    const accounts = accountsService({ db, sessions, files, jobs, throttle });
    const signup = signupService({ db, sessions, files, jobs, accounts, onboarding, throttle });
    return { sessions, throttle, accounts, signup };
  },
  routes: async () => [
    (await import('./auth.routes')).authRoutes,
    (await import('./me.routes')).meRoutes,
    (await import('./staff.routes')).staffRoutes,
  ],
  async jobs({ jobs, sessions, throttle, log }) {
    await registerSessionPurge({ jobs, sessions, log });
    // failed sign-in counts older than their window are forgotten
    await jobs.schedule('auth-throttle-purge', '*/15 * * * *', () => throttle.purge());
  },
});
