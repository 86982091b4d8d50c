import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { FieldPath, Resolver } from 'react-hook-form';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { createSignupInputSchema, signupStepOfField, signupSteps, SIGNUP_ROLES } from '@facet/domain/rules';
import type { SignupRole, SignupStepId } from '@facet/domain/rules';
import { Button, Card } from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { homePathFor } from '../../auth';
import { useOnboardingQuestions } from '../api/get-onboarding-questions';
import { useSignUp } from '../api/sign-up';
import { AccountStep } from '../components/account-step';
import { AddressFields } from '../components/address-fields';
import { DetailsStep } from '../components/details-step';
import { PresenceStep } from '../components/presence-step';
import { PurposeStep } from '../components/purpose-step';
import { RoleStep } from '../components/role-step';
import { SkillsStep } from '../components/skills-step';
import { StepProgress } from '../components/step-progress';
import { createStepResolver, emptySignupForm, roleSpecificFields, toSignupPayload } from '../lib/signup-form';
import type { SignupFormValues, StepContext } from '../lib/signup-form';
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

function isRole(value: string | null): value is SignupRole {
  return (SIGNUP_ROLES as readonly string[]).includes(value ?? '');
}

const formFields = new Set(Object.keys(emptySignupForm));

/** /onboarding: the sign-up wizard of spec section 2. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user, setUser } = useAuth();
  const signUp = useSignUp();

  const preset = searchParams.get('role');
  const [stepIndex, setStepIndex] = useState(0);
  const [portfolioFiles, setPortfolioFiles] = useState<File[]>([]);
  const [stateRequired, setStateRequired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const movedRef = useRef(false);
  const contextRef = useRef<StepContext>({
    step: 'role',
    stateRequired: false,
    portfolioImageCount: 0,
    questions: [],
  });
  const resolver = useCallback<Resolver<SignupFormValues>>(
    (values, context, options) => createStepResolver(contextRef.current)(values, context, options),
    [],
  );

  const form = useForm<SignupFormValues>({
    defaultValues: { ...emptySignupForm, role: isRole(preset) ? preset : '' },
    mode: 'onTouched',
    resolver,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const steps = signupSteps(role || undefined);
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? steps[0]!;
  const isLast = stepIndex === steps.length - 1;

  const questions = useOnboardingQuestions(role === 'customer');

  useLayoutEffect(() => {
    contextRef.current = {
      step: step.id,
      stateRequired,
      portfolioImageCount: portfolioFiles.length,
      questions: questions.data ?? [],
    };
  });

  // move focus to the new step's heading, so keyboard and screen reader users start at the top
  useEffect(() => {
    if (!movedRef.current) return;
    headingRef.current?.focus();
  }, [stepIndex]);

  function onRoleChange(next: SignupRole) {
    for (const name of roleSpecificFields) form.setValue(name, emptySignupForm[name]);
    form.clearErrors();
    setPortfolioFiles([]);
    if (next !== 'customer') form.setValue('phone', '');
  }

  function goTo(index: number) {
    movedRef.current = true;
    setFormError(null);
    setStepIndex(index);
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const invalid = stepRef.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], .chip-select--invalid button, .choice-card__input',
      );
      invalid?.focus();
    });
  }

  /** Server or whole-body field messages: shown on the earliest step that holds one of them. */
  function showFieldErrors(fields: Record<string, string>, currentRole: SignupRole) {
    const stepIds = signupSteps(currentRole).map((s) => s.id);
    let target = stepIds.length - 1;
    const other: string[] = [];
    for (const [path, message] of Object.entries(fields)) {
      if (!formFields.has(path.split('.')[0] ?? '')) {
        other.push(message);
        continue;
      }
      target = Math.min(target, stepIds.indexOf(signupStepOfField(path, currentRole)));
    }
    goTo(Math.max(0, target));
    // after the step renders, so the fields are there to be marked
    setTimeout(() => {
      for (const [path, message] of Object.entries(fields)) {
        if (formFields.has(path.split('.')[0] ?? ''))
          form.setError(path as FieldPath<SignupFormValues>, { type: 'server', message });
      }
      if (other.length > 0) setFormError(other.join(' '));
      focusFirstError();
    }, 0);
  }

  async function submit() {
    const values = form.getValues();
    if (!isRole(values.role)) return goTo(0);
    const currentRole = values.role;
    const payload = toSignupPayload(values, questions.data ?? []);
    const parsed = createSignupInputSchema({
      hasStates: () => stateRequired,
      portfolioImageCount: portfolioFiles.length,
    }).safeParse(payload);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      return showFieldErrors(fields, currentRole);
    }
    setFormError(null);
    try {
      const created = await signUp.mutateAsync({
        input: parsed.data,
        portfolioImages: currentRole === 'customer' ? [] : portfolioFiles,
      });
      setUser(created);
      await navigate(currentRole === 'customer' ? '/dashboard' : '/pending', { replace: true });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0)
        return showFieldErrors(error.fields, currentRole);
      if (isApiError(error) && error.code === 'email_taken')
        return showFieldErrors({ email: error.message }, currentRole);
      setFormError(errorMessage(error));
    }
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

  if (user) {
    return (
      <div className="onboarding">
        <Card className="onboarding__card onboarding__signed-in">
          <h1 className="onboarding__title">You already have an account</h1>
          <p>
            You&rsquo;re signed in as <strong>{user.fullName || user.email}</strong>.
          </p>
          <Button asChild>
            <Link to={homePathFor(user)}>Continue</Link>
          </Button>
        </Card>
      </div>
    );
  }

  const intro = stepIntro[step.id];
  const submitting = signUp.isPending;

  return (
    <div className="onboarding">
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
                {step.id === 'role' ? <RoleStep onRoleChange={onRoleChange} /> : null}
                {step.id === 'account' ? <AccountStep /> : null}
                {step.id === 'address' ? <AddressFields onStateRequiredChange={setStateRequired} /> : null}
                {step.id === 'purpose' ? <PurposeStep /> : null}
                {step.id === 'skills' ? <SkillsStep /> : null}
                {step.id === 'details' ? (
                  <DetailsStep
                    questions={questions.data}
                    questionsFailed={questions.isError}
                    onRetryQuestions={() => void questions.refetch()}
                  />
                ) : null}
                {step.id === 'presence' ? (
                  <PresenceStep portfolioFiles={portfolioFiles} onPortfolioFilesChange={setPortfolioFiles} />
                ) : null}
              </div>

              {formError ? (
                <p className="onboarding__alert" role="alert">
                  {formError}
                </p>
              ) : null}

              <div className="onboarding__actions">
                {stepIndex > 0 ? (
                  <Button variant="ghost" onClick={() => goTo(stepIndex - 1)} disabled={submitting}>
                    <ArrowLeft aria-hidden="true" /> Back
                  </Button>
                ) : (
                  <span />
                )}
                <div className="onboarding__actions-end">
                  {step.id === 'details' && role === 'customer' ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        form.setValue('answers', {});
                        goTo(stepIndex + 1);
                      }}
                    >
                      Skip
                    </Button>
                  ) : null}
                  <Button type="submit" loading={submitting}>
                    {isLast ? 'Create account' : 'Next'}
                    {isLast ? null : <ArrowRight aria-hidden="true" />}
                  </Button>
                </div>
              </div>
            </form>
          </FormProvider>
        </Card>

        <p className="onboarding__login">
          Already have an account? <Link to="/login-user">Customer login</Link> ·{' '}
          <Link to="/login-designer">CAD designer login</Link> ·{' '}
          <Link to="/login-service">Service provider login</Link>
        </p>
      </div>
    </div>
  );
}
