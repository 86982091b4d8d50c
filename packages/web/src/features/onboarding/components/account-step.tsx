import { useFormContext, useWatch } from 'react-hook-form';
import { Field, Input } from '../../../components/ui';
import { PasswordChecklist, PasswordInput } from '../../auth';
import type { SignupFormValues } from '../lib/signup-form';

/** E-mail, password, name (and phone for customers); through a provider: its e-mail, no password. */
export function AccountStep({ provider }: { provider?: string }) {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const { errors } = formState;
  const role = useWatch({ control, name: 'role' });
  const password = useWatch({ control, name: 'password' }) ?? '';
  return (
    <div className="wizard__fields">
      <Field
        label="Email"
        required
        error={errors.email?.message}
        hint={provider ? `From ${provider}; you sign in there.` : undefined}
      >
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          readOnly={Boolean(provider)}
          {...register('email')}
        />
      </Field>
      {provider ? null : (
        <>
          <Field
            label="Password"
            required
            error={errors.password?.message}
            hint="Use all five of the rules below."
          >
            <PasswordInput
              autoComplete="new-password"
              aria-describedby="password-rules"
              {...register('password')}
            />
          </Field>
          <PasswordChecklist password={password} id="password-rules" />
        </>
      )}
      <Field label="Full Name" required error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </Field>
      {role === 'customer' ? (
        <Field label="Phone number" required error={errors.phone?.message} hint="Digits only, 6 to 15.">
          <Input type="tel" autoComplete="tel" inputMode="numeric" {...register('phone')} />
        </Field>
      ) : null}
    </div>
  );
}
