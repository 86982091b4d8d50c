// What other features may use from onboarding: the address fields and their data.
export { AddressFields } from './components/address-fields';
export type { AddressValues } from './components/address-fields';
