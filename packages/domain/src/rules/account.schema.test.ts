import { describe, expect, test } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordInputSchema,
  createAddressSectionSchema,
  createProfileSectionSchema,
  createProfileUpdateSchema,
} from './account.schema';
import { accountMessages as m } from './messages';
import { fieldErrors } from './test-helpers';

const address = { country: 'FR', state: 'IDF', city: 'Paris', street: '1 Rue de la Paix', zipcode: '75002' };

describe('account settings', () => {
  test('profile: first and last name required, phone 6–15 digits', () => {
    const schema = createProfileSectionSchema();
    expect(fieldErrors(schema, { firstName: ' ', lastName: '', phone: '12' })).toEqual({
      firstName: m.firstNameRequired,
      lastName: m.lastNameRequired,
      phone: m.phoneInvalid,
    });
    expect(schema.parse({ firstName: 'Ada', lastName: 'Lovelace', phone: '' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
    });
  });

  test('customers keep a phone number', () => {
    const schema = createProfileSectionSchema({ phoneRequired: true });
    expect(fieldErrors(schema, { firstName: 'Ada', lastName: 'L', phone: '' })).toEqual({
      phone: m.phoneRequired,
    });
  });

  test('address section: the same rules as sign-up', () => {
    const schema = createAddressSectionSchema({ hasStates: (c) => c === 'FR' });
    expect(fieldErrors(schema, { address })).toEqual({});
    expect(fieldErrors(schema, { address: { ...address, state: '', city: '' } })).toEqual({
      'address.city': m.cityRequired,
      'address.state': m.stateRequired,
    });
  });

  test('PATCH /api/me takes any of the fields', () => {
    const schema = createProfileUpdateSchema({ hasStates: () => true });
    expect(schema.parse({ firstName: 'Ada' })).toEqual({ firstName: 'Ada' });
    expect(schema.parse({ phone: '' })).toEqual({ phone: null });
    expect(fieldErrors(schema, { address: { ...address, state: '' } })).toEqual({
      'address.state': m.stateRequired,
    });
    expect(fieldErrors(schema, { lastName: '' })).toEqual({ lastName: m.lastNameRequired });
  });

  test('change password: current required, new one follows the five rules and differs', () => {
    expect(fieldErrors(changePasswordInputSchema, { currentPassword: '', newPassword: 'abc' })).toEqual({
      currentPassword: m.currentPasswordRequired,
      newPassword: m.passwordTooShort,
    });
    expect(
      fieldErrors(changePasswordInputSchema, {
        currentPassword: 'Facet-demo-1',
        newPassword: 'Facet-demo-1',
      }),
    ).toEqual({ newPassword: m.newPasswordSameAsCurrent });
    expect(
      changePasswordInputSchema.safeParse({ currentPassword: 'old', newPassword: 'Facet-demo-2' }).success,
    ).toBe(true);
  });

  test('the settings form also confirms the new password', () => {
    expect(
      fieldErrors(changePasswordFormSchema, {
        currentPassword: 'old',
        newPassword: 'Facet-demo-2',
        confirmPassword: 'Facet-demo-3',
      }),
    ).toEqual({ confirmPassword: m.passwordsDoNotMatch });
  });
});
