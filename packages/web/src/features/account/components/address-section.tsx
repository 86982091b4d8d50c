import { useCallback, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createAddressSectionSchema } from '@facet/domain/rules';
import type { AddressSectionInput } from '@facet/domain/rules';
import { Button, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { AddressFields } from '../../onboarding';
import { useUpdateProfile } from '../api/update-profile';

function addressOf(user: Me): AddressSectionInput['address'] {
  const a = user.address;
  return {
    country: a?.country ?? '',
    state: a?.state ?? '',
    city: a?.city ?? '',
    street: a?.street ?? '',
    zipcode: a?.zipcode ?? '',
  };
}

export function AddressSection({ user }: { user: Me }) {
  const update = useUpdateProfile();
  // whether the chosen country has states; AddressFields reports it once the states are loaded
  const stateRequiredRef = useRef(false);
  const resolver = useCallback<Resolver<AddressSectionInput>>(
    (values, context, options) =>
      zodResolver(createAddressSectionSchema({ hasStates: () => stateRequiredRef.current }), undefined, {
        raw: true,
      })(values, context, options),
    [],
  );
  const form = useForm<AddressSectionInput>({
    resolver,
    defaultValues: { address: addressOf(user) },
    mode: 'onTouched',
  });
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { address } = createAddressSectionSchema().parse(values);
      const saved = await update.mutateAsync({ address });
      form.reset({ address: addressOf(saved) });
      toast({ title: 'Address saved' });
    } catch (error) {
      if (isApiError(error))
        for (const [path, message] of Object.entries(error.fields))
          if (path.startsWith('address.'))
            form.setError(path as `address.${'country' | 'state' | 'city' | 'street' | 'zipcode'}`, {
              message,
            });
      toast({ title: 'Address not saved', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <section className="section-card" aria-labelledby="address-heading">
      <header className="section-card__header">
        <h2 id="address-heading">Address</h2>
        <p>Where we ship your pieces.</p>
      </header>
      <FormProvider {...form}>
        <form className="account-section__form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <AddressFields
            onStateRequiredChange={(required) => {
              stateRequiredRef.current = required;
            }}
          />
          <div className="account-section__actions">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save address
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
