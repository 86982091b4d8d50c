import { Check, X } from 'lucide-react';
import { Avatar, Button, Card } from '../../../components/ui';
import { shortName } from '../../designers/lib/format';
import { formatDays, formatMoney } from '@facet/domain/format';
import './offer-card.css';

export type OfferStatus = 'pending' | 'quoted' | 'accepted' | 'refused';

export type OfferCardData = {
  id: string;
  status: OfferStatus;
  priceCents: number | null;
  leadTimeDays: number | null;
  pro: { firstName: string; lastName: string; avatarUrl: string | null; label: string };
};

/** Offers with both a price and a lead time come first (spec section 2); otherwise the order is kept. */
export function sortOffers<T extends { priceCents: number | null; leadTimeDays: number | null }>(
  offers: readonly T[],
): T[] {
  const complete = (o: T) => (o.priceCents !== null && o.leadTimeDays !== null ? 0 : 1);
  return offers
    .map((offer, index) => ({ offer, index }))
    .sort((a, b) => complete(a.offer) - complete(b.offer) || a.index - b.index)
    .map(({ offer }) => offer);
}

/**
 * The designer offer card (spec section 2): Total Offer in dollars and Lead Time in days, Accept and
 * Decline. While the pro has not answered both are disabled and the values read 'No answer'; a refused
 * invitee shows REFUSED and the accepted one ACCEPTED.
 */
export function OfferCard({
  offer,
  canDecide,
  onAccept,
  onDecline,
}: {
  offer: OfferCardData;
  /** The viewer is the project's customer and no offer has been accepted yet. */
  canDecide: boolean;
  onAccept?: () => void;
  onDecline?: () => void;
}) {
  const name = shortName(offer.pro.firstName, offer.pro.lastName);
  const answered = offer.status !== 'pending' && offer.priceCents !== null && offer.leadTimeDays !== null;
  const price =
    answered && offer.priceCents !== null
      ? formatMoney(offer.priceCents, { fraction: 'when-needed' })
      : 'No answer';
  const lead = answered && offer.leadTimeDays !== null ? formatDays(offer.leadTimeDays) : 'No answer';
  return (
    <Card
      as="article"
      tone="outline"
      className={`offer-card offer-card--${offer.status}`}
      aria-label={`Offer from ${name}`}
    >
      <div className="offer-card__who">
        <Avatar firstName={offer.pro.firstName} lastName={offer.pro.lastName} src={offer.pro.avatarUrl} />
        <div>
          <h3 className="offer-card__name">{name}</h3>
          <p className="offer-card__role">{offer.pro.label}</p>
        </div>
      </div>
      <dl className="offer-card__values">
        <div>
          <dt>Total Offer</dt>
          <dd data-testid="offer-price">{price}</dd>
        </div>
        <div>
          <dt>Lead Time</dt>
          <dd data-testid="offer-lead">{lead}</dd>
        </div>
      </dl>
      {offer.status === 'refused' ? (
        <p className="offer-card__badge offer-card__badge--refused">
          <X aria-hidden="true" /> REFUSED
        </p>
      ) : offer.status === 'accepted' ? (
        <p className="offer-card__badge offer-card__badge--accepted">
          <Check aria-hidden="true" /> ACCEPTED
        </p>
      ) : canDecide ? (
        <div className="offer-card__actions">
          <Button size="sm" disabled={!answered} onClick={onAccept} aria-label={`Accept offer from ${name}`}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!answered}
            onClick={onDecline}
            aria-label={`Decline offer from ${name}`}
          >
            Decline
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
