import clsx from 'clsx';
import { Check, Circle } from 'lucide-react';
import { checkPassword } from '@facet/domain/rules';
import './password-checklist.css';

export type PasswordChecklistProps = { password: string; id?: string; className?: string };

/** The five password rules, ticked live as the person types (spec section 5). */
export function PasswordChecklist({ password, id, className }: PasswordChecklistProps) {
  const checks = checkPassword(password);
  const met = checks.filter((c) => c.met).length;
  return (
    <div className={clsx('password-checklist', className)} id={id}>
      <p className="visually-hidden" aria-live="polite">
        {met} of {checks.length} password rules met
      </p>
      <ul className="password-checklist__list">
        {checks.map((check) => (
          <li
            key={check.id}
            className={clsx('password-checklist__item', check.met && 'password-checklist__item--met')}
            data-rule={check.id}
            data-met={check.met}
          >
            {check.met ? (
              <Check className="password-checklist__icon" aria-hidden="true" />
            ) : (
              <Circle className="password-checklist__icon" aria-hidden="true" />
            )}
            <span>{check.label}</span>
            <span className="visually-hidden">{check.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
