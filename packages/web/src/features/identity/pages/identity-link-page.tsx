import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Link2 } from 'lucide-react';
import { loginPaths } from '@facet/domain/rules';
import { Button, Card, EmptyState, Field, Skeleton } from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { PasswordInput } from '../../auth';
import { useLinkIdentity, usePendingIdentity } from '../api/identity';
import '../../auth/pages/login-page.css';
import './identity-pages.css';

/**
 * /identity/link: a provider's first sign-in for an e-mail that already has a Facet account. The account's
 * password proves it is the same person; then the provider signs them in from now on.
 */
export function IdentityLinkPage() {
  const pending = usePendingIdentity();
  const link = useLinkIdentity();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(null);
    try {
      const { user, redirectTo } = await link.mutateAsync(password);
      setUser(user);
      await navigate(redirectTo, { replace: true });
    } catch (e) {
      setError(isApiError(e) ? (e.fields.password ?? e.message) : errorMessage(e));
      setPassword('');
    }
  }

  if (pending.isPending) {
    return (
      <div className="login-page identity-page">
        <Card className="login-page__card" aria-busy="true" aria-label="Loading">
          <Skeleton height="2rem" width="70%" />
          <Skeleton height="4rem" />
          <Skeleton height="2.75rem" />
        </Card>
      </div>
    );
  }

  const flow = pending.data;
  if (!flow || flow.stage !== 'link') {
    return (
      <div className="page identity-page">
        <title>Link your account · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<Link2 />}
          eyebrow="Sign-in"
          title="There is no sign-in to link"
          description="This link has expired or was already used. Start again from the login page."
          action={
            <Button asChild>
              <Link to={loginPaths[flow?.portal ?? 'customer']}>Back to login</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="login-page identity-page">
      <title>Link your account · Facet</title>
      <Card className="login-page__card">
        <div className="login-page__header">
          <p className="eyebrow">Link your account</p>
          <h1 className="login-page__title">You already have a Facet account</h1>
          <p className="login-page__lead">
            <strong>{flow.email}</strong> has a Facet account. Enter its password once to sign in with{' '}
            {flow.provider} from now on.
          </p>
        </div>
        <form className="login-page__form" onSubmit={(e) => void onSubmit(e)} noValidate>
          {error ? (
            <p className="login-page__alert" role="alert">
              {error}
            </p>
          ) : null}
          <Field label="Facet password" required>
            <PasswordInput
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit" fullWidth size="lg" loading={link.isPending}>
            Link and sign in
          </Button>
        </form>
        <p className="login-page__signup">
          Not you? <Link to={loginPaths[flow.portal]}>Back to login</Link>
        </p>
      </Card>
    </div>
  );
}
