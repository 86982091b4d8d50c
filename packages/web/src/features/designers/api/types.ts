/** Shapes of /api/designers, from the generated contract (`src/api`, decision 018). */
import type { Schemas } from '../../../api';

export type DesignerCard = Schemas['DesignerCard'];

export type OfferStatus = Schemas['Offer']['status'];

export type PersonRef = Schemas['Person'];

export type Rating = Schemas['Rating'];

export type DesignerProfile = Schemas['DesignerProfile'];

/** The card view of a designer or service provider (service cards show their service types). */
export function toProCardData(d: DesignerCard) {
  return {
    id: d.id,
    role: d.role,
    firstName: d.firstName,
    lastName: d.lastName,
    avatarUrl: d.avatarUrl,
    rating: d.rating,
    tags: d.role === 'service' ? d.serviceTypes.slice(0, 5) : d.tags.slice(0, 5),
    responseRate: d.responseRate,
    responseTime: d.responseTime,
  };
}
