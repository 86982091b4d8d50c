// What other features may use from identity (sign-in through a provider).
export { identitySignUp, usePendingIdentity } from './api/identity';
export type { PendingIdentity } from './api/identity';
