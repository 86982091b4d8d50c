import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { SignupStepId } from '@facet/domain/rules';
import { Button, Card } from '../../../components/ui';
import type { Me } from '../../../lib/types';
import { homePathFor } from '../../auth';
import type { useOnboardingQuestions } from '../api/get-onboarding-questions';
import { AccountStep } from './account-step';
import { AddressFields } from './address-fields';
import { DetailsStep } from './details-step';
import { PresenceStep } from './presence-step';
import { PurposeStep } from './purpose-step';
import { RoleStep } from './role-step';
import { SkillsStep } from './skills-step';
import type { SignupRole } from '@facet/domain/rules';

/** /onboarding for someone already signed in. */
export function AlreadySignedIn({ user }: { user: Me }) {
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

/** The fields of one step of the wizard. */
export function WizardStepFields({
  stepId,
  onRoleChange,
  onStateRequiredChange,
  questions,
  portfolioFiles,
  onPortfolioFilesChange,
  provider,
}: {
  stepId: SignupStepId;
  onRoleChange: (role: SignupRole) => void;
  onStateRequiredChange: (required: boolean) => void;
  questions: ReturnType<typeof useOnboardingQuestions>;
  portfolioFiles: File[];
  onPortfolioFilesChange: (files: File[]) => void;
  /** Set when a sign-in provider's first sign-in: its e-mail is kept and no password is asked. */
  provider?: string;
}) {
  return (
    <>
      {stepId === 'role' ? <RoleStep onRoleChange={onRoleChange} /> : null}
      {stepId === 'account' ? <AccountStep provider={provider} /> : null}
      {stepId === 'address' ? <AddressFields onStateRequiredChange={onStateRequiredChange} /> : null}
      {stepId === 'purpose' ? <PurposeStep /> : null}
      {stepId === 'skills' ? <SkillsStep /> : null}
      {stepId === 'details' ? (
        <DetailsStep
          questions={questions.data}
          questionsFailed={questions.isError}
          onRetryQuestions={() => void questions.refetch()}
        />
      ) : null}
      {stepId === 'presence' ? (
        <PresenceStep portfolioFiles={portfolioFiles} onPortfolioFilesChange={onPortfolioFilesChange} />
      ) : null}
    </>
  );
}

/** Back, Skip (the customer's details step) and Next or Create account. */
export function WizardActions({
  canGoBack,
  onBack,
  onSkip,
  isLast,
  submitting,
}: {
  canGoBack: boolean;
  onBack: () => void;
  /** Given when the step may be skipped. */
  onSkip?: () => void;
  isLast: boolean;
  submitting: boolean;
}) {
  return (
    <div className="onboarding__actions">
      {canGoBack ? (
        <Button variant="ghost" onClick={onBack} disabled={submitting}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      ) : (
        <span />
      )}
      <div className="onboarding__actions-end">
        {onSkip ? (
          <Button variant="secondary" onClick={onSkip}>
            Skip
          </Button>
        ) : null}
        <Button type="submit" loading={submitting}>
          {isLast ? 'Create account' : 'Next'}
          {isLast ? null : <ArrowRight aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}

/** The login links under the wizard. */
export function LoginLinks() {
  return (
    <p className="onboarding__login">
      Already have an account? <Link to="/login-user">Customer login</Link> ·{' '}
      <Link to="/login-designer">CAD designer login</Link> ·{' '}
      <Link to="/login-service">Service provider login</Link>
    </p>
  );
}
