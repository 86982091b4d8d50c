import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useRefuseInvitation, useSendOffer } from '../api/offer-actions';
import type { Offer } from '../api/types';
import { formatDays, formatMoney, parseDollars } from '@facet/domain/format';

/** The invited pro's side: their invitation, and a form to send an offer (price in dollars, lead time in days). */
export function ProInvitationPanel({ offer, open }: { offer: Offer; open: boolean }) {
  const send = useSendOffer();
  const refuse = useRefuseInvitation();
  const [price, setPrice] = useState(offer.priceCents !== null ? String(offer.priceCents / 100) : '');
  const [lead, setLead] = useState(offer.leadTimeDays !== null ? String(offer.leadTimeDays) : '');
  const [errors, setErrors] = useState<{ price?: string; lead?: string; form?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const priceCents = parseDollars(price);
    const leadTimeDays = Number(lead);
    const next: typeof errors = {};
    if (priceCents === null || priceCents < 100) next.price = 'Enter a price of at least $1.';
    if (!Number.isInteger(leadTimeDays) || leadTimeDays < 1 || leadTimeDays > 365)
      next.lead = 'Enter a lead time from 1 to 365 days.';
    setErrors(next);
    if (next.price || next.lead || priceCents === null) return;
    try {
      await send.mutateAsync({ offerId: offer.id, priceCents, leadTimeDays });
      toast({
        title: 'Offer sent',
        description: `${formatMoney(priceCents, { fraction: 'when-needed' })} · ${formatDays(leadTimeDays)}`,
      });
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    }
  }

  if (offer.status === 'accepted') {
    return (
      <section className="project-callout" aria-labelledby="invite-state">
        <h2 id="invite-state">ACCEPTED</h2>
        <p>
          The customer accepted your offer of{' '}
          {formatMoney(offer.priceCents ?? 0, { fraction: 'when-needed' })} with a lead time of{' '}
          {formatDays(offer.leadTimeDays ?? 0)}.
        </p>
      </section>
    );
  }
  if (offer.status === 'refused') {
    return (
      <section className="project-callout" aria-labelledby="invite-state">
        <h2 id="invite-state">REFUSED</h2>
        <p>
          {offer.refusedBy === 'pro'
            ? 'You turned this invitation down.'
            : 'The customer chose another offer or declined yours.'}
        </p>
        <p>
          {offer.priceCents !== null && offer.leadTimeDays !== null
            ? `Your offer: ${formatMoney(offer.priceCents, { fraction: 'when-needed' })} with a lead time of ${formatDays(offer.leadTimeDays)}. `
            : 'You sent no offer. '}
          This project is closed to you; your conversation stays here to read.
        </p>
      </section>
    );
  }
  return (
    <section className="project-callout" aria-labelledby="invite-state">
      <h2 id="invite-state">
        {offer.status === 'quoted' ? 'Your offer was sent' : 'You are invited to this project'}
      </h2>
      <p>
        {offer.status === 'quoted'
          ? `You offered ${formatMoney(offer.priceCents ?? 0, { fraction: 'when-needed' })} with a lead time of ${formatDays(offer.leadTimeDays ?? 0)}. You may revise it until the customer answers.`
          : 'Read the brief and answer with your total price and lead time.'}
      </p>
      {open ? (
        <form className="quote-form" onSubmit={submit} noValidate>
          <Field label="Total price (USD)" error={errors.price}>
            <Input
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              startAdornment="$"
            />
          </Field>
          <Field label="Lead time (days)" error={errors.lead}>
            <Input inputMode="numeric" value={lead} onChange={(e) => setLead(e.target.value)} />
          </Field>
          {errors.form ? (
            <p className="field__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="quote-form__actions">
            <Button type="submit" loading={send.isPending}>
              {offer.status === 'quoted' ? 'Update offer' : 'Send offer'}
            </Button>
            <Button
              variant="ghost"
              loading={refuse.isPending}
              onClick={() =>
                refuse.mutate(offer.id, {
                  onError: (error) =>
                    toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
                })
              }
            >
              Decline invitation
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
