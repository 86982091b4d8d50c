import { useNavigate } from 'react-router';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { createSignupInputSchema, SIGNUP_ROLES } from '@facet/domain/rules';
import type { SignupRole } from '@facet/domain/rules';
import { useAuth } from '../../../app/auth';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { OnboardingQuestion } from '../api/get-onboarding-questions';
import { useSignUp } from '../api/sign-up';
import { identitySignUp } from '../../identity';
import { toSignupPayload } from '../lib/signup-form';
import type { SignupFormValues } from '../lib/signup-form';
import { fieldMessages, isFormField, placeFieldErrors } from '../lib/signup-errors';

export function isRole(value: string | null): value is SignupRole {
  return (SIGNUP_ROLES as readonly string[]).includes(value ?? '');
}

/**
 * The wizard's last Next: the whole body is checked with the same schema as the server, then sent; a refused
 * field (the browser's check or the server's) takes the person back to the earliest step that holds it.
 */
export function useSignupSubmit({
  form,
  questions,
  stateRequired,
  portfolioFiles,
  goTo,
  setFormError,
  focusFirstError,
  viaProvider = false,
}: {
  form: UseFormReturn<SignupFormValues>;
  questions: OnboardingQuestion[] | undefined;
  stateRequired: boolean;
  portfolioFiles: File[];
  goTo: (stepIndex: number) => void;
  setFormError: (message: string | null) => void;
  focusFirstError: () => void;
  /** A sign-in provider's first sign-in: the account is made with the provider's e-mail and linked. */
  viaProvider?: boolean;
}) {
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const signUp = useSignUp(viaProvider ? identitySignUp : undefined);

  /** Server or whole-body field messages: shown on the earliest step that holds one of them. */
  function showFieldErrors(fields: Record<string, string>, currentRole: SignupRole) {
    const { stepIndex, other } = placeFieldErrors(fields, currentRole);
    goTo(stepIndex);
    // after the step renders, so the fields are there to be marked
    setTimeout(() => {
      for (const [path, message] of Object.entries(fields)) {
        if (isFormField(path))
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
    const payload = toSignupPayload(values, questions ?? []);
    const parsed = createSignupInputSchema({
      hasStates: () => stateRequired,
      portfolioImageCount: portfolioFiles.length,
    }).safeParse(payload);
    if (!parsed.success) return showFieldErrors(fieldMessages(parsed.error.issues), currentRole);
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

  return { submit, submitting: signUp.isPending };
}
