import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema, loginPaths } from '@facet/domain/rules';
import type { LoginFormValues, LoginPortal } from '@facet/domain/rules';
import { Button, Card, Field, Input, Spinner } from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { endSession, useLogin } from '../api/login';
import { PasswordInput } from '../components/password-input';
import { ProviderSignIn } from '../components/provider-sign-in';
import { homePathFor } from '../lib/home-path';
import './login-page.css';

const portalText: Record<LoginPortal, { title: string; lead: string; other: string; noun: string }> = {
  customer: {
    title: 'Customer login',
    lead: 'Welcome back. Sign in to price, design and produce your pieces.',
    other: 'Customer',
    noun: 'customer',
  },
  designer: {
    title: 'CAD designer login',
    lead: 'Sign in to answer invitations, send offers and deliver your designs.',
    other: 'CAD designer',
    noun: 'CAD designer',
  },
  service: {
    title: 'Service provider login',
    lead: 'Sign in to quote and deliver printing, casting, setting and finishing work.',
    other: 'Service provider',
    noun: 'service provider',
  },
  staff: {
    title: 'Staff login',
    lead: 'The production team signs in here.',
    other: 'Staff',
    noun: 'member of the production team',
  },
};

const PUBLIC_PORTALS: LoginPortal[] = ['customer', 'designer', 'service'];

export type LoginPageProps = { portal: LoginPortal };

/** /login-user, /login-designer, /login-service and /login-staff: each admits only its own role. */
export function LoginPage({ portal }: LoginPageProps) {
  const text = portalText[portal];
  const { user, isLoading, setUser } = useAuth();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const hydrated = useHydrated();

  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema, undefined, { raw: true }),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const parsed = loginFormSchema.parse(values);
      const signedIn = await loginMutation.mutateAsync({ ...parsed, portal });
      setUser(signedIn);
      await navigate(homePathFor(signedIn), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
      form.setValue('password', '');
      form.setFocus('password');
    }
  });

  async function signOut() {
    setSigningOut(true);
    try {
      await endSession();
    } catch {
      // the session may already be gone on the server
    }
    setUser(null);
    setSigningOut(false);
  }

  return (
    <div className="login-page">
      <title>{`${text.title} · Facet`}</title>
      <Link to="/" className="login-page__brand" aria-label="Facet home">
        Facet
      </Link>
      <Card className="login-page__card">
        <div className="login-page__header">
          <p className="eyebrow">Sign in</p>
          <h1 className="login-page__title">{text.title}</h1>
          <p className="login-page__lead">{text.lead}</p>
        </div>

        {isLoading ? (
          <div className="login-page__loading">
            <Spinner label="Checking your session" />
          </div>
        ) : user ? (
          <div className="login-page__session" role="status">
            <p>
              You&rsquo;re signed in as <strong>{user.fullName || user.email}</strong> ({user.email}).
            </p>
            <div className="login-page__session-actions">
              <Button onClick={() => void navigate(homePathFor(user))}>Continue</Button>
              <Button variant="secondary" loading={signingOut} onClick={() => void signOut()}>
                Sign out
              </Button>
            </div>
          </div>
        ) : (
          <>
            {/* above the form: a field's message appearing on blur never moves it under the pointer */}
            {portal !== 'staff' ? <ProviderSignIn portal={portal} /> : null}
            {/* until the page's code runs (its markup comes first) the fields are read-only and the
                button sends nothing: a form sent early would go to the server as a plain form */}
            <form className="login-page__form" onSubmit={(e) => void onSubmit(e)} noValidate>
              {formError ? (
                <p className="login-page__alert" role="alert">
                  {formError}
                </p>
              ) : null}
              <Field label="Email" error={errors.email?.message} required>
                <Input
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  autoFocus
                  readOnly={!hydrated}
                  {...form.register('email')}
                />
              </Field>
              <Field label="Password" error={errors.password?.message} required>
                <PasswordInput
                  autoComplete="current-password"
                  readOnly={!hydrated}
                  {...form.register('password')}
                />
              </Field>
              <Button
                type={hydrated ? 'submit' : 'button'}
                fullWidth
                size="lg"
                loading={form.formState.isSubmitting}
              >
                Sign in
              </Button>
            </form>
          </>
        )}

        {portal !== 'staff' ? (
          <p className="login-page__signup">
            New to Facet? <Link to="/onboarding">Create an account</Link>
          </p>
        ) : null}
      </Card>

      <nav className="login-page__portals" aria-label="Other login pages">
        <span>Not a {text.noun}?</span>
        <ul>
          {(portal === 'staff' ? PUBLIC_PORTALS : PUBLIC_PORTALS.filter((p) => p !== portal)).map((p) => (
            <li key={p}>
              <Link to={loginPaths[p]}>{portalText[p].other} login</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
