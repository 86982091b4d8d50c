import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button, Field, Input, Select } from '../../../components/ui';
import { useCountries, useStates } from '../api/get-countries';
// every flag as a CSS class (`flag:US`), bundled: no emoji font or CDN needed
import 'country-flag-icons/3x2/flags.css';
import './address-fields.css';

export type AddressValues = { country: string; state: string; city: string; street: string; zipcode: string };
type AddressForm = { address: AddressValues };

export type AddressFieldsProps = {
  /** Told whether the chosen country has states (then state is required). */
  onStateRequiredChange?: (required: boolean) => void;
};

/**
 * Country, state, city, street and zipcode, inside a form that holds an `address` object
 * (wrap it in react-hook-form's FormProvider). Countries and states come from the server's dataset;
 * the state select shows only when the country has states.
 */
export function AddressFields({ onStateRequiredChange }: AddressFieldsProps) {
  const { register, control, setValue, getValues, formState } = useFormContext<AddressForm>();
  const errors = formState.errors.address;
  const country = useWatch({ control, name: 'address.country' }) ?? '';
  const countries = useCountries();
  const states = useStates(country);
  const stateList = states.data ?? [];
  const hasStates = stateList.length > 0;

  useEffect(() => {
    onStateRequiredChange?.(hasStates);
  }, [hasStates, onStateRequiredChange]);

  // a state of another country, or one the list does not know, is cleared
  useEffect(() => {
    if (!states.data) return;
    const current = getValues('address.state');
    if (current && !states.data.some((s) => s.code === current)) setValue('address.state', '');
  }, [states.data, getValues, setValue]);

  // a native option cannot hold a picture, and emoji flags show as empty boxes where no emoji font is
  // installed: the list gives names, and the chosen country's flag is drawn beside it
  const countryOptions = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
  const flagCode = /^[A-Z]{2}$/.test(country) ? country : null;

  return (
    <div className="address-fields">
      <Field
        label="Country"
        required
        error={errors?.country?.message}
        hint={countries.isError ? 'Countries could not be loaded.' : undefined}
        className="address-fields__wide address-fields__country"
      >
        {[
          <span
            key="flag"
            className={flagCode ? `address-fields__flag flag:${flagCode}` : 'address-fields__flag'}
            aria-hidden="true"
          />,
          countries.data ? (
            // mounted once the options exist, so a saved country shows as selected
            <Select
              key="countries"
              options={countryOptions}
              placeholder="Select a country"
              autoComplete="country"
              {...register('address.country', {
                onChange: () => setValue('address.state', ''),
              })}
            />
          ) : (
            <Select
              key="loading"
              options={[]}
              placeholder={countries.isError ? 'Countries unavailable' : 'Loading countries…'}
              disabled
            />
          ),
        ]}
      </Field>
      {countries.isError ? (
        <Button variant="secondary" size="sm" onClick={() => void countries.refetch()}>
          Try again
        </Button>
      ) : null}

      {hasStates ? (
        <Field
          label="State / province"
          required
          error={errors?.state?.message}
          className="address-fields__wide"
        >
          <Select
            options={stateList.map((s) => ({ value: s.code, label: s.name }))}
            placeholder="Select a state"
            autoComplete="address-level1"
            {...register('address.state')}
          />
        </Field>
      ) : states.isFetching ? (
        <p className="address-fields__note" role="status">
          Loading states…
        </p>
      ) : null}

      <Field label="City" required error={errors?.city?.message}>
        <Input autoComplete="address-level2" {...register('address.city')} />
      </Field>
      <Field label="Zipcode" required error={errors?.zipcode?.message}>
        <Input autoComplete="postal-code" {...register('address.zipcode')} />
      </Field>
      <Field label="Street" required error={errors?.street?.message} className="address-fields__wide">
        <Input autoComplete="street-address" {...register('address.street')} />
      </Field>
    </div>
  );
}
