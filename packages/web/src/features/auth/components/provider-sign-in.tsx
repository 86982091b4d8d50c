import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui';
import { identityLoginUrl, useIdentityProviders } from '../api/identity-providers';

/**
 * "Continue with {provider}" when the portal's tenant is set up: customers on /login-user, designers and
 * service providers (one tenant) on /login-designer and /login-service. Nothing otherwise.
 */
export function ProviderSignIn({ portal }: { portal: 'customer' | 'designer' | 'service' }) {
  const providers = useIdentityProviders();
  const provider = portal === 'customer' ? providers.data?.customer : providers.data?.professional;
  if (!provider) return null;
  return (
    <div className="login-page__provider">
      <Button asChild variant="secondary" size="lg" fullWidth>
        <a href={identityLoginUrl(portal)}>
          <KeyRound aria-hidden="true" />
          Continue with {provider.name}
        </a>
      </Button>
      <p className="login-page__divider">
        <span>or with your Facet password</span>
      </p>
    </div>
  );
}
