import { useCallback, useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { addressSchema, optionalPhoneSchema, stateIssue } from '@facet/domain/rules';
import { formatDate, formatMoney } from '@facet/domain/format';
import { Button, Field, Input } from '../../../components/ui';
import { isApiError } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { AddressFields } from '../../onboarding';
import type { Cart, CheckoutRequest } from '../api/cart';
import { CartTotals } from './cart-summary';

/** The same address rules as the server (the country/state dataset decides whether a state is needed). */
const checkoutFormSchema = (hasStates: (country: string) => boolean) =>
  z
    .object({
      name: z.string().trim().min(1, 'Name is required').max(100, 'The name is at most 100 characters.'),
      phone: optionalPhoneSchema,
      address: addressSchema,
      shippingMethod: z.enum(['standard', 'express'], { error: 'Choose a shipping method.' }),
    })
    .superRefine((v, ctx) => {
      const message = stateIssue(v.address, hasStates);
      if (message) ctx.addIssue({ code: 'custom', path: ['address', 'state'], message });
    });

export type CheckoutValues = z.input<ReturnType<typeof checkoutFormSchema>>;
type FieldPath = 'name' | 'phone' | `address.${'country' | 'state' | 'city' | 'street' | 'zipcode'}`;

/** The profile's address and name, for the form to start from. */
export function checkoutDefaults(user: Me | null): CheckoutValues {
  const a = user?.address;
  return {
    name: user?.fullName ?? '',
    phone: user?.phone ?? '',
    address: {
      country: a?.country ?? '',
      state: a?.state ?? '',
      city: a?.city ?? '',
      street: a?.street ?? '',
      zipcode: a?.zipcode ?? '',
    },
    shippingMethod: 'standard',
  };
}

/** Shipping address (prefilled from the profile), shipping method with its promised date, summary and Pay. */
export function CheckoutForm({
  cart,
  user,
  paying,
  onPay,
}: {
  cart: Cart;
  user: Me | null;
  paying: boolean;
  /** Resolves when the server answered; a refusal with field messages is shown at its fields. */
  onPay: (body: CheckoutRequest) => Promise<unknown>;
}) {
  const stateRequired = useRef(false);
  const resolver = useCallback<Resolver<CheckoutValues>>(
    (values, context, options) =>
      zodResolver(
        checkoutFormSchema(() => stateRequired.current),
        undefined,
        { raw: true },
      )(values, context, options),
    [],
  );
  const form = useForm<CheckoutValues>({
    resolver,
    defaultValues: checkoutDefaults(user),
    mode: 'onTouched',
  });
  const { register, formState } = form;
  const methodCode = useWatch({ control: form.control, name: 'shippingMethod' });
  const method = cart.shippingMethods.find((m) => m.code === methodCode) ?? cart.shippingMethods[0]!;

  const onSubmit = form.handleSubmit(async (values) => {
    // the resolver has checked the state rule; this parse only applies the schema's transforms
    const parsed = checkoutFormSchema(() => false).parse(values);
    const { address, name, phone, shippingMethod } = parsed;
    try {
      await onPay({ shippingAddress: { ...address, name, ...(phone ? { phone } : {}) }, shippingMethod });
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = path
          .replace(/^shippingAddress\.(name|phone)$/, '$1')
          .replace(/^shippingAddress\./, 'address.');
        if (/^(name|phone|address\.\w+)$/.test(field)) form.setError(field as FieldPath, { message });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form className="checkout-layout" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="checkout-main">
          <section className="checkout-card" aria-labelledby="address-title">
            <h2 id="address-title" className="checkout-card__title">
              Shipping address
            </h2>
            <div className="checkout-card__row">
              <Field label="Full name" required error={formState.errors.name?.message}>
                <Input autoComplete="name" {...register('name')} />
              </Field>
              <Field label="Phone (optional, for the carrier)" error={formState.errors.phone?.message}>
                <Input autoComplete="tel" inputMode="tel" {...register('phone')} />
              </Field>
            </div>
            <AddressFields onStateRequiredChange={(required) => (stateRequired.current = required)} />
          </section>
          <section className="checkout-card checkout-methods" aria-labelledby="method-title">
            <h2 id="method-title" className="checkout-card__title">
              Shipping method
            </h2>
            <div className="checkout-methods__list" role="radiogroup" aria-labelledby="method-title">
              {cart.shippingMethods.map((m) => (
                <label key={m.code} className="checkout-method">
                  <input type="radio" value={m.code} {...register('shippingMethod')} />
                  <span className="checkout-method__name">
                    {m.name} <span className="checkout-method__days">({m.businessDays} weekdays)</span>
                  </span>
                  <span className="checkout-method__date">Arrives by {formatDate(m.promisedDate)}</span>
                  <strong className="checkout-method__price">{formatMoney(m.priceCents)}</strong>
                </label>
              ))}
            </div>
            <p className="checkout-card__note">
              Dates count weekdays only: {method.leadTimeDays} for production, then shipping.
            </p>
          </section>
        </div>
        <aside className="cart-summary" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className="cart-summary__title">
            Order summary
          </h2>
          <ul className="checkout-lines">
            {cart.items.map((line) => (
              <li key={line.id}>
                <span>
                  {line.title} × {line.quantity.toLocaleString('en-US')}
                  <span className="checkout-lines__config">{line.configuration.material.name}</span>
                </span>
                <span>{formatMoney(line.totalCents)}</span>
              </li>
            ))}
          </ul>
          <CartTotals
            subtotalCents={cart.subtotalCents}
            shippingLabel={`Shipping (${method.name})`}
            shippingCents={method.priceCents}
            totalCents={cart.subtotalCents + method.priceCents}
          />
          <Button type="submit" fullWidth loading={paying || formState.isSubmitting}>
            Pay {formatMoney(cart.subtotalCents + method.priceCents)}
          </Button>
          <p className="checkout-card__note">You pay on our payment provider&apos;s secure page.</p>
        </aside>
      </form>
    </FormProvider>
  );
}
