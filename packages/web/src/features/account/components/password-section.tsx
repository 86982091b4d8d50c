import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema } from '@facet/domain/rules';
import type { ChangePasswordFormValues } from '@facet/domain/rules';
import { Button, Field, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { PasswordChecklist, PasswordInput } from '../../auth';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema, undefined, { raw: true }),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword: next }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword: next });
      form.reset(empty);
      toast({ title: 'Password changed' });
    } catch (error) {
      if (isApiError(error) && error.code === 'wrong_password') {
        form.setError('currentPassword', { message: error.message }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.fields.newPassword)
        form.setError('newPassword', { message: error.fields.newPassword });
      toast({ title: 'Password not changed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <section className="section-card" aria-labelledby="password-heading">
      <header className="section-card__header">
        <h2 id="password-heading">Password</h2>
        <p>Choose a new password with all five rules.</p>
      </header>
      <form className="account-section__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="account-section__stack">
          <Field label="Current password" required error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field label="New password" required error={errors.newPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              aria-describedby="new-password-rules"
              {...form.register('newPassword')}
            />
          </Field>
          <PasswordChecklist password={newPassword} id="new-password-rules" />
          <Field label="Confirm new password" required error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
        </div>
        <div className="account-section__actions">
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
