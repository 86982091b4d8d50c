/** Shapes of /api/designers (see docs/api-map.md). */
export type OfferStatus = 'pending' | 'quoted' | 'accepted' | 'refused';

export type DesignerCard = {
  id: string;
  role: 'designer' | 'service';
  firstName: string;
  lastName: string;
  name: string;
  label: 'CAD Designer' | 'Service Provider';
  avatarUrl: string | null;
  rating: number | null;
  ratingText: string;
  ratingCount: number;
  completedCount: number;
  tags: string[];
  serviceTypes: string[];
  responseRate: number | null;
  responseRateText: string;
  responseTime: string;
  invited: boolean;
  invitationStatus: OfferStatus | null;
  activeProjects: number;
  availability: 'Available now' | 'Limited availability' | 'Busy';
};

export type PersonRef = {
  id: string;
  role: 'customer' | 'designer' | 'service' | 'staff';
  firstName: string;
  lastName: string;
  name: string;
  shortName: string;
  initials: string;
  avatarUrl: string | null;
};

export type Rating = { id: string; stars: number; review: string; createdAt: string; customer: PersonRef };

export type DesignerProfile = DesignerCard & {
  bio: string | null;
  skills: string[];
  softwareSkills: string[];
  softwareOwn: string[];
  cadSkills: string[];
  portfolioLink: string | null;
  portfolio: { id: string; name: string; url: string }[];
  phone: string | null;
  link: string | null;
  address: { city: string; state: string; country: string } | null;
  ratings: Rating[];
  memberSince: string;
};

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
