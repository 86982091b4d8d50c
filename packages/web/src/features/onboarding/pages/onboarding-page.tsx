import { useLayoutEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { signupSteps } from '@facet/domain/rules';
import type { SignupRole, SignupStepId } from '@facet/domain/rules';
import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { loginPaths } from '@facet/domain/rules';
import { Button, Card, EmptyState, Skeleton } from '../../../components/ui';
import { usePendingIdentity, type PendingIdentity } from '../../identity';
import { useAuth } from '../../../app/auth';
import { useOnboardingQuestions } from '../api/get-onboarding-questions';
import { StepProgress } from '../components/step-progress';
import { AlreadySignedIn, LoginLinks, WizardActions, WizardStepFields } from '../components/wizard-parts';
import { isRole, useSignupSubmit } from '../hooks/use-signup-submit';
import { useStepResolver } from '../hooks/use-step-resolver';
import { useWizardFocus } from '../hooks/use-wizard-focus';
import { emptySignupForm, roleSpecificFields } from '../lib/signup-form';
import type { SignupFormValues } from '../lib/signup-form';
import './onboarding-page.css';

const stepIntro: Record<SignupStepId, { title: string; lead: string }> = {
  role: { title: 'How will you use Facet?', lead: 'Choose one; it shapes the rest of sign-up.' },
  account: { title: 'Create your account', lead: 'You will sign in with this email and password.' },
  address: {
    title: 'Where are you based?',
    lead: 'Used for shipping, taxes and matching you with makers nearby.',
  },
  purpose: { title: 'What brings you here?', lead: 'Tell us what you want to make.' },
  skills: { title: 'Your skills', lead: 'Customers find you by these.' },
  details: { title: 'A few details', lead: 'The more we know, the better the match.' },
  presence: { title: 'Connect your online presence', lead: 'Links help customers trust your work.' },
};

/** A customer's last step asks for their links too, but nobody is judging a customer's work. */
const customerPresenceIntro = {
  title: 'Connect your online presence',
  lead: 'Your website, shop and social links are optional; they help designers understand your style.',
};

/**
 * /onboarding: the sign-up wizard of spec section 2. With `?identity=1` it finishes a sign-in provider's
 * first sign-in: the role comes from the provider's tenant and the e-mail from the provider; the rest is asked.
 */
export function OnboardingPage() {
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const identityMode = searchParams.get('identity') === '1';
  const pending = usePendingIdentity(identityMode && !user);

  if (user) return <AlreadySignedIn user={user} />;
  if (!identityMode) return <SignupWizard identity={null} preset={searchParams.get('role')} />;
  if (pending.isPending) {
    return (
      <div className="onboarding">
        <div className="onboarding__inner" aria-busy="true" aria-label="Loading">
          <Skeleton height="3rem" />
          <Card className="onboarding__card">
            <Skeleton height="2rem" width="60%" />
            <Skeleton height="12rem" />
          </Card>
        </div>
      </div>
    );
  }
  if (!pending.data || pending.data.stage !== 'signup') {
    return (
      <div className="page">
        <title>Sign up · Facet</title>
        <EmptyState
          headingLevel="h1"
          icon={<Link2 />}
          eyebrow="Join Facet"
          title="This sign-up has expired"
          description="The sign-in it came from is over or was already used. Start again from the login page."
          action={
            <Button asChild>
              <Link to={loginPaths[pending.data?.portal ?? 'customer']}>Back to login</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return <SignupWizard identity={pending.data} preset={pending.data.portal} />;
}

function SignupWizard({ identity, preset }: { identity: PendingIdentity | null; preset: string | null }) {
  // a provider's sign-up starts on the account step: the role is the tenant's
  const firstStep = identity ? 1 : 0;
  const [stepIndex, setStepIndex] = useState(firstStep);
  const [portfolioFiles, setPortfolioFiles] = useState<File[]>([]);
  const [stateRequired, setStateRequired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { headingRef, stepRef, noteMove, focusFirstError } = useWizardFocus(stepIndex);
  const { resolver, stepContextRef } = useStepResolver();

  const form = useForm<SignupFormValues>({
    defaultValues: identity
      ? {
          ...emptySignupForm,
          role: identity.portal,
          email: identity.email ?? '',
          fullName: identity.name ?? '',
          // never used: the server gives a provider's account a random password of its own
          password: `${crypto.randomUUID()}Aa1!`,
        }
      : { ...emptySignupForm, role: isRole(preset) ? preset : '' },
    mode: 'onTouched',
    resolver,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const steps = signupSteps(role || undefined);
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? steps[0]!;
  const isLast = stepIndex === steps.length - 1;

  const questions = useOnboardingQuestions(role === 'customer');
  const { submit, submitting } = useSignupSubmit({
    form,
    questions: questions.data,
    stateRequired,
    portfolioFiles,
    goTo,
    setFormError,
    focusFirstError,
    viaProvider: identity !== null,
  });

  useLayoutEffect(() => {
    stepContextRef.current = {
      step: step.id,
      stateRequired,
      portfolioImageCount: portfolioFiles.length,
      questions: questions.data ?? [],
    };
  });

  function onRoleChange(next: SignupRole) {
    for (const name of roleSpecificFields) form.setValue(name, emptySignupForm[name]);
    form.clearErrors();
    setPortfolioFiles([]);
    if (next !== 'customer') form.setValue('phone', '');
  }

  function goTo(index: number) {
    noteMove();
    setFormError(null);
    setStepIndex(Math.max(firstStep, index));
  }

  async function onStepValid() {
    setFormError(null);
    if (isLast) return submit();
    // the next step starts fresh: its messages wait for blur or for Next
    form.reset(form.getValues(), { keepDefaultValues: true, keepDirty: true });
    goTo(stepIndex + 1);
  }

  // handleSubmit marks the step as submitted, so its messages then update as the person types
  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    void form.handleSubmit(onStepValid, focusFirstError)(event);
  }

  const intro =
    step.id === 'presence' && role === 'customer'
      ? customerPresenceIntro
      : step.id === 'account' && identity
        ? { title: 'Create your account', lead: `You will sign in with ${identity.provider}.` }
        : stepIntro[step.id];

  return (
    <div className="onboarding">
      <title>Sign up · Facet</title>
      <div className="onboarding__inner">
        <header className="onboarding__header">
          <p className="eyebrow">Join Facet</p>
          <StepProgress steps={steps} current={stepIndex} />
        </header>

        <Card className="onboarding__card">
          <FormProvider {...form}>
            <form noValidate onSubmit={onFormSubmit} aria-labelledby="wizard-step-title">
              <div className="onboarding__intro">
                <h1 className="onboarding__title" id="wizard-step-title" ref={headingRef} tabIndex={-1}>
                  {intro.title}
                </h1>
                <p className="onboarding__lead">{intro.lead}</p>
              </div>

              <div ref={stepRef} className="onboarding__step" data-step={step.id}>
                <WizardStepFields
                  stepId={step.id}
                  onRoleChange={onRoleChange}
                  onStateRequiredChange={setStateRequired}
                  questions={questions}
                  portfolioFiles={portfolioFiles}
                  onPortfolioFilesChange={setPortfolioFiles}
                  provider={identity?.provider}
                />
              </div>

              {formError ? (
                <p className="onboarding__alert" role="alert">
                  {formError}
                </p>
              ) : null}

              <WizardActions
                canGoBack={stepIndex > firstStep}
                onBack={() => goTo(stepIndex - 1)}
                onSkip={
                  step.id === 'details' && role === 'customer'
                    ? () => {
                        form.setValue('answers', {});
                        goTo(stepIndex + 1);
                      }
                    : undefined
                }
                isLast={isLast}
                submitting={submitting}
              />
            </form>
          </FormProvider>
        </Card>

        <LoginLinks />
      </div>
    </div>
  );
}
