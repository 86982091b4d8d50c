import { Check } from 'lucide-react';
import { Button } from '../../../components/ui';

export type InviteState = 'idle' | 'inviting' | 'invited';

/** Spec section 4: idle 'Invite To Project', loading 'Inviting', then a disabled 'Invited' with a check mark. */
export function InviteButton({
  state,
  onInvite,
  name,
  disabled,
  label = 'Invite To Project',
}: {
  state: InviteState;
  onInvite?: () => void;
  /** Who is invited, for the accessible name. */
  name: string;
  disabled?: boolean;
  label?: string;
}) {
  if (state === 'invited') {
    return (
      <Button variant="secondary" size="sm" fullWidth disabled aria-label={`Invited ${name}`}>
        <Check aria-hidden="true" /> Invited
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      fullWidth
      loading={state === 'inviting'}
      disabled={disabled}
      onClick={onInvite}
      aria-label={state === 'inviting' ? `Inviting ${name}` : `${label}: ${name}`}
    >
      {state === 'inviting' ? 'Inviting' : label}
    </Button>
  );
}
