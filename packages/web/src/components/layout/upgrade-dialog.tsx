import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { PLANS } from '../../config/plans';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui';
import './upgrade-dialog.css';

export type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPlan: string;
};

/** Opened by Upgrade Plan when the person is already on /account-settings (spec section 2, "Sub header"). */
export function UpgradeDialog({ open, onOpenChange, currentPlan }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Upgrade your plan</DialogTitle>
          <DialogDescription>
            You are on the {currentPlan} plan. Higher plans add monthly credits for AI design generations,
            lower minimum order counts and priority production.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <ul className="upgrade-plans">
            {PLANS.map((plan) => {
              const current = plan.name.toLowerCase() === currentPlan.toLowerCase();
              return (
                <li
                  key={plan.name}
                  className={current ? 'upgrade-plan upgrade-plan--current' : 'upgrade-plan'}
                >
                  <h3 className="upgrade-plan__name">{plan.name}</h3>
                  <p className="upgrade-plan__price">{plan.priceLabel}</p>
                  <ul className="upgrade-plan__perks">
                    {plan.perks.slice(0, 3).map((perk) => (
                      <li key={perk}>
                        <Check aria-hidden="true" /> {perk}
                      </li>
                    ))}
                  </ul>
                  {current ? <p className="upgrade-plan__badge">Your plan</p> : null}
                </li>
              );
            })}
          </ul>
          <p className="upgrade-note">
            Plan changes and payment open with checkout. Until then your account stays on {currentPlan} with
            every design and production feature available.
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild>
            <Link to="/pricing" onClick={() => onOpenChange(false)}>
              Compare plans
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
