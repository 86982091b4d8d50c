import { signupStepOfField, signupSteps } from '@facet/domain/rules';
import type { SignupRole } from '@facet/domain/rules';
import { emptySignupForm } from './signup-form';

const formFields = new Set(Object.keys(emptySignupForm));

/** True when the message belongs to a field of the form (not to the whole body). */
export const isFormField = (path: string) => formFields.has(path.split('.')[0] ?? '');

/** The first message of each path among zod issues, keyed by the dotted path. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

/**
 * Where server or whole-body field messages are shown: the index of the earliest step that holds one of
 * them (the last step when none does), and the messages that belong to no field.
 */
export function placeFieldErrors(fields: Record<string, string>, role: SignupRole) {
  const stepIds = signupSteps(role).map((s) => s.id);
  let target = stepIds.length - 1;
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    if (!isFormField(path)) {
      other.push(message);
      continue;
    }
    target = Math.min(target, stepIds.indexOf(signupStepOfField(path, role)));
  }
  return { stepIndex: Math.max(0, target), other };
}
