import { formatDays, formatMoney } from '../format/money';

/**
 * Quote cards (spec section 2, Chat pane; section 3, Message `isQuote`, `price`, `lead_time`, `status`):
 * the offer a designer or service provider sent, shown in the conversation. The card's status follows
 * the offer; a card whose offer was changed afterwards is `replaced` by the newer card.
 */
export const QUOTE_CARD_STATUSES = ['pending', 'accepted', 'refused', 'replaced'] as const;
export type QuoteCardStatus = (typeof QUOTE_CARD_STATUSES)[number];

/** The card status of an offer in its invitation's state (pending -> quoted -> accepted, or refused). */
export function quoteCardStatus(offerStatus: 'pending' | 'quoted' | 'accepted' | 'refused'): QuoteCardStatus {
  if (offerStatus === 'accepted') return 'accepted';
  if (offerStatus === 'refused') return 'refused';
  return 'pending';
}

/** The card's text, also what a client without cards (or an e-mail digest) shows. */
export function quoteCardText(priceCents: number, leadTimeDays: number): string {
  return `Offer: ${formatMoney(priceCents, { fraction: 'when-needed' })}, lead time ${formatDays(leadTimeDays)}`;
}

/** Words for the card's status line. */
export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteCardStatus, string>> = {
  pending: 'Awaiting answer',
  accepted: 'ACCEPTED',
  refused: 'REFUSED',
  replaced: 'Replaced by a newer offer',
};

/** Who may pin and unpin messages: the production team (spec: pinned messages are the team's notes). */
export function mayPinMessages(role: 'customer' | 'designer' | 'service' | 'staff'): boolean {
  return role === 'staff';
}
