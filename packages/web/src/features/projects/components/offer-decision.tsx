import { useState } from 'react';
import { toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptOffer, useDeclineOffer } from '../api/offer-actions';
import type { Offer, ProjectDetail } from '../api/types';
import { formatDays, formatMoney } from '@facet/domain/format';
import { ConfirmDialog } from './confirm-dialog';

export type OfferDecision = 'accept' | 'decline';

/**
 * The customer's accept and decline dialogs for an offer (spec section 2: quote accept and decline
 * dialogs), opened from the Offers tab and from a quote card in the chat. Render `dialogs` once.
 */
export function useOfferDecision(project: ProjectDetail) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const [confirm, setConfirm] = useState<{ offer: Offer; action: OfferDecision } | null>(null);
  const canDecide = project.viewerRole === 'customer' && project.allowedActions.includes('accept-offer');

  async function run() {
    if (!confirm) return;
    try {
      if (confirm.action === 'accept') await accept.mutateAsync(confirm.offer.id);
      else await decline.mutateAsync(confirm.offer.id);
      toast({
        title: confirm.action === 'accept' ? 'Offer accepted' : 'Offer declined',
        description: confirm.offer.pro?.shortName ?? '',
      });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setConfirm(null);
    }
  }

  const c = confirm?.offer;
  const dialogs = (
    <>
      <ConfirmDialog
        open={confirm?.action === 'accept'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Accept this offer?"
        description={
          c
            ? `You accept ${c.pro ? `${c.pro.shortName}'s` : 'the'} offer of ${formatMoney(c.priceCents ?? 0, { fraction: 'when-needed' })} with a lead time of ${formatDays(c.leadTimeDays ?? 0)}. Every other invitation is refused and the project moves to Make Payment.`
            : ''
        }
        confirmLabel="Accept offer"
        onConfirm={() => void run()}
        busy={accept.isPending}
      />
      <ConfirmDialog
        open={confirm?.action === 'decline'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Decline this offer?"
        description={
          c
            ? `${c.pro?.shortName ?? 'The pro'} is told the offer was declined. Your other invitations stay open.`
            : ''
        }
        confirmLabel="Decline offer"
        onConfirm={() => void run()}
        busy={decline.isPending}
        danger
      />
    </>
  );

  return {
    canDecide,
    ask: (offer: Offer, action: OfferDecision) => setConfirm({ offer, action }),
    dialogs,
  };
}
