import { Controller, useFormContext, useWatch } from 'react-hook-form';
import clsx from 'clsx';
import { customerPurposeOptions, customerTypeOptions } from '@facet/domain/rules';
import { ChipSelect } from '../../../components/ui';
import type { SignupFormValues } from '../lib/signup-form';

const typeText: Record<string, string> = {
  business: 'A store, brand or studio making pieces to sell.',
  personal: 'Pieces for myself or as gifts.',
};

export function PurposeStep() {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const customerType = useWatch({ control, name: 'customerType' });
  const error = formState.errors.customerType?.message;
  return (
    <div className="wizard__fields">
      <fieldset aria-describedby={error ? 'customer-type-error' : undefined}>
        <legend className="wizard__legend">
          Is this for a business or personal?
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="choice-cards">
          {customerTypeOptions.map((option) => (
            <label
              key={option.value}
              className={clsx(
                'choice-card',
                'choice-card--compact',
                customerType === option.value && 'choice-card--on',
              )}
            >
              <input
                type="radio"
                value={option.value}
                className="choice-card__input"
                {...register('customerType')}
              />
              <span className="choice-card__title">{option.label}</span>
              <span className="choice-card__text">{typeText[option.value]}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p className="wizard__error" id="customer-type-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <Controller
        name="purpose"
        control={control}
        render={({ field, fieldState }) => (
          <ChipSelect
            label="What would you like to make?"
            hint="Choose any that apply."
            options={customerPurposeOptions}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </div>
  );
}
