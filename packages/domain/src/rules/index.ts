export * from './messages';
export * from './password-rules';
export * from './portfolio-files';
export * from './options';
export * from './web-address';
export * from './ids';
export {
  emailSchema,
  newPasswordSchema,
  fullNameSchema,
  phoneSchema,
  optionalPhoneSchema,
  addressSchema,
  stateIssue,
  PHONE_PATTERN,
  COUNTRY_PATTERN,
} from './fields';
export type { AddressInput, HasStates } from './fields';
export * from './signup.schema';
export * from './login.schema';
export * from './account.schema';
