import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { createSignupStepSchema } from '@facet/domain/rules';
import type { SignupInput, SignupRole, SignupStepId } from '@facet/domain/rules';
import type { OnboardingQuestion } from '../api/get-onboarding-questions';

/** The wizard's form: every step's fields, as the inputs hold them. */
export type SignupFormValues = {
  role: SignupRole | '';
  email: string;
  password: string;
  fullName: string;
  phone: string;
  address: { country: string; state: string; city: string; street: string; zipcode: string };
  customerType: 'business' | 'personal' | '';
  purpose: string[];
  /** chosen answer ids by question id */
  answers: Record<string, string[]>;
  skills: string[];
  cadSkills: string[];
  softwareSkills: string[];
  softwareOwn: string[];
  otherExperience: string;
  serviceTypes: string[];
  tellWhy: string;
  websiteUrl: string;
  instagram: string;
  twitter: string;
  facebook: string;
  shopifyUrl: string;
  bio: string;
  portfolioLink: string;
  acceptTerms: boolean;
  eligibility: [boolean, boolean, boolean];
};

export const emptySignupForm: SignupFormValues = {
  role: '',
  email: '',
  password: '',
  fullName: '',
  phone: '',
  address: { country: '', state: '', city: '', street: '', zipcode: '' },
  customerType: '',
  purpose: [],
  answers: {},
  skills: [],
  cadSkills: [],
  softwareSkills: [],
  softwareOwn: [],
  otherExperience: '',
  serviceTypes: [],
  tellWhy: '',
  websiteUrl: '',
  instagram: '',
  twitter: '',
  facebook: '',
  shopifyUrl: '',
  bio: '',
  portfolioLink: '',
  acceptTerms: false,
  eligibility: [false, false, false],
};

/** Fields whose meaning depends on the role; cleared when the role changes. */
export const roleSpecificFields = [
  'customerType',
  'purpose',
  'answers',
  'skills',
  'cadSkills',
  'softwareSkills',
  'softwareOwn',
  'otherExperience',
  'serviceTypes',
  'tellWhy',
  'shopifyUrl',
  'bio',
  'portfolioLink',
  'acceptTerms',
  'eligibility',
] as const satisfies readonly (keyof SignupFormValues)[];

/** Whether a sub-question shows: its trigger answer is among its parent's chosen answers. */
export function isQuestionShown(question: OnboardingQuestion, answers: Record<string, string[]>): boolean {
  if (!question.parentId || !question.triggerAnswerId) return true;
  return (answers[question.parentId] ?? []).includes(question.triggerAnswerId);
}

/** The answers of the questions that show, in tree order; unanswered and hidden questions are left out. */
export function collectAnswers(
  questions: readonly OnboardingQuestion[],
  answers: Record<string, string[]>,
): { questionId: string; answerIds: string[] }[] {
  const out: { questionId: string; answerIds: string[] }[] = [];
  const walk = (list: readonly OnboardingQuestion[]) => {
    for (const question of list) {
      if (!isQuestionShown(question, answers)) continue;
      const valid = new Set(question.answers.map((a) => a.id));
      const chosen = (answers[question.id] ?? []).filter((id) => valid.has(id));
      if (chosen.length > 0) out.push({ questionId: question.id, answerIds: chosen });
      walk(question.subQuestions);
    }
  };
  walk(questions);
  return out;
}

/** The sign-up body for the chosen role: only that role's fields (the server checks it with the same schema). */
export function toSignupPayload(
  values: SignupFormValues,
  questions: readonly OnboardingQuestion[] = [],
): Record<string, unknown> & { role: SignupRole | '' } {
  const common = {
    role: values.role,
    email: values.email,
    password: values.password,
    fullName: values.fullName,
    address: values.address,
    websiteUrl: values.websiteUrl,
    instagram: values.instagram,
    twitter: values.twitter,
    facebook: values.facebook,
  };
  switch (values.role) {
    case 'customer':
      return {
        ...common,
        phone: values.phone,
        customerType: values.customerType,
        purpose: values.purpose,
        answers: collectAnswers(questions, values.answers),
        ...(values.customerType === 'business' ? { shopifyUrl: values.shopifyUrl } : {}),
        acceptTerms: values.acceptTerms,
      };
    case 'designer':
      return {
        ...common,
        skills: values.skills,
        cadSkills: values.cadSkills,
        softwareSkills: values.softwareSkills,
        softwareOwn: values.softwareOwn,
        otherExperience: values.otherExperience,
        bio: values.bio,
        portfolioLink: values.portfolioLink,
        eligibility: values.eligibility,
      };
    case 'service':
      return {
        ...common,
        serviceTypes: values.serviceTypes,
        tellWhy: values.tellWhy,
        skills: values.skills,
        bio: values.bio,
        portfolioLink: values.portfolioLink,
        eligibility: values.eligibility,
      };
    default:
      return common;
  }
}

export type StepContext = {
  step: SignupStepId;
  /** the chosen country has states to pick from */
  stateRequired: boolean;
  portfolioImageCount: number;
  questions: readonly OnboardingQuestion[];
};

/** A react-hook-form resolver that checks only the current step, with the shared rules. */
export function createStepResolver(context: StepContext): Resolver<SignupFormValues> {
  return (values, _context, options) => {
    const { step, stateRequired, portfolioImageCount, questions } = context;
    const schema = createSignupStepSchema(step, values.role || undefined, {
      hasStates: () => stateRequired,
      portfolioImageCount,
    });
    const result = schema.safeParse(toSignupPayload(values, questions));
    if (result.success) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

export type { SignupInput };
