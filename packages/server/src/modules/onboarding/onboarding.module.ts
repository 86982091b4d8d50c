import { defineModule } from '../../platform/modules';
import { onboardingService, type OnboardingService } from './onboarding.service';

declare module '../../platform/modules' {
  interface Modules {
    onboarding: { onboarding: OnboardingService };
  }
}

/** Onboarding: the questions a new account answers, and its answers. */
export default defineModule({
  name: 'onboarding',
  dependsOn: [],
  provides: ['onboarding'],
  build: ({ db }) => ({ onboarding: onboardingService(db) }),
  routes: async () => [(await import('./onboarding.routes')).onboardingRoutes],
});
