import { Link, useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { loginPaths } from '@facet/domain/rules';
import { Button, EmptyState, Skeleton } from '../../../components/ui';
import { usePendingIdentity } from '../api/identity';
import './identity-pages.css';

/** What each identity error of spec section 8 means to the person, and what to do next. */
const errorText: Record<string, { title: string; description: string }> = {
  invalid_state: {
    title: 'Invalid state',
    description:
      'This sign-in was started in another tab, took too long, or was already used. Start it again from the login page.',
  },
  login_required: {
    title: 'Please sign in again',
    description: 'Your session at the sign-in provider has ended, so you are signed out here too.',
  },
  invalid_id_token: {
    title: 'We could not verify this sign-in',
    description: 'The sign-in provider sent an identity we cannot trust, so nobody was signed in.',
  },
  timeout: {
    title: 'The sign-in provider did not answer',
    description: 'It did not answer in time. Please try again in a moment.',
  },
  missing_refresh_token: {
    title: 'Please sign in again',
    description: 'Your sign-in with the provider needs to be renewed.',
  },
  wrong_portal: {
    title: 'This is another login page',
    description: 'Your account signs in on a different login page.',
  },
  email_not_verified: {
    title: 'Your e-mail is not verified',
    description: 'Verify your e-mail address with your sign-in provider, then sign in again.',
  },
  access_denied: {
    title: 'Sign-in was cancelled',
    description: 'The sign-in provider did not let this sign-in through.',
  },
};

const fallback = {
  title: 'Sign-in did not complete',
  description: 'The sign-in provider could not sign you in. Nothing was changed.',
};

/**
 * /identity/error: where a failed sign-in through a provider ends. It never starts another sign-in by itself
 * (no loop); the person chooses to go back to the login page.
 */
export function IdentityErrorPage() {
  const [params] = useSearchParams();
  const pending = usePendingIdentity();
  const code = pending.data?.error?.code ?? params.get('code') ?? '';
  const text = errorText[code] ?? fallback;
  const detail = pending.data?.error?.message;
  const loginPath = loginPaths[pending.data?.portal ?? 'customer'];

  return (
    <div className="page identity-page">
      <title>{`${text.title} · Facet`}</title>
      {pending.isPending ? (
        <div className="identity-page__loading" aria-busy="true" aria-label="Loading">
          <Skeleton height="10rem" />
        </div>
      ) : (
        <EmptyState
          headingLevel="h1"
          icon={<ShieldAlert />}
          eyebrow="Sign-in"
          title={text.title}
          description={text.description}
          action={
            <>
              <Button asChild>
                <Link to={loginPath}>Back to login</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/">Facet home</Link>
              </Button>
            </>
          }
        >
          {detail && detail !== text.title ? (
            <p className="identity-page__detail" role="note">
              <span className="visually-hidden">Details: </span>
              {detail}
            </p>
          ) : null}
        </EmptyState>
      )}
    </div>
  );
}
