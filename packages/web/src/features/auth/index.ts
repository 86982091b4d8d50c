// What other features may use from auth.
export { PasswordChecklist } from './components/password-checklist';
export { PasswordInput } from './components/password-input';
export { homePathFor } from './lib/home-path';
