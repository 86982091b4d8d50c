import { useFormContext, useWatch } from 'react-hook-form';
import clsx from 'clsx';
import { Gem, PenTool, Wrench } from 'lucide-react';
import type { SignupRole } from '@facet/domain/rules';
import type { SignupFormValues } from '../lib/signup-form';

const roles: { value: SignupRole; title: string; text: string; icon: typeof Gem }[] = [
  {
    value: 'customer',
    title: 'Customer',
    text: 'Upload a model or describe an idea, get an instant price and have it made.',
    icon: Gem,
  },
  {
    value: 'designer',
    title: 'CAD designer',
    text: 'Turn customers’ ideas into print-ready jewelry CAD and get paid per project.',
    icon: PenTool,
  },
  {
    value: 'service',
    title: 'Service provider',
    text: 'Offer printing, casting, setting, plating or finishing to Facet projects.',
    icon: Wrench,
  },
];

export function RoleStep({ onRoleChange }: { onRoleChange: (role: SignupRole) => void }) {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const role = useWatch({ control, name: 'role' });
  const error = formState.errors.role?.message;
  return (
    <fieldset className="role-step" aria-describedby={error ? 'role-error' : undefined}>
      <legend className="visually-hidden">I am joining as</legend>
      <div className="choice-cards choice-cards--three">
        {roles.map(({ value, title, text, icon: Icon }) => (
          <label key={value} className={clsx('choice-card', role === value && 'choice-card--on')}>
            <input
              type="radio"
              value={value}
              className="choice-card__input"
              {...register('role', {
                onChange: (e: { target: { value: SignupRole } }) => onRoleChange(e.target.value),
              })}
            />
            <Icon className="choice-card__icon" aria-hidden="true" />
            <span className="choice-card__title">{title}</span>
            <span className="choice-card__text">{text}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="wizard__error" id="role-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
