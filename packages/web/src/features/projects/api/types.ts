/** Shapes of /api/projects and /api/invitations (see docs/api-map.md). */
import type { ProjectAction } from '@facet/domain/workflow';
import type { DesignerCard, OfferStatus, PersonRef, Rating } from '../../designers/api/types';

export type { OfferStatus, PersonRef };

export type ProjectStatus = { id: string; name: string; position: -1 | 1 | 2 | 3 | 4 };
export type Phase = 'not-started' | 'invited' | 'in-progress' | 'completed';
/** One key per object on the wire: { width: '20 mm' }. */
export type WireDimension = Record<string, string>;

export type ItemImage = { id: string; name: string; url: string; uploadedBy: string; createdAt: string };

export type ProjectItem = {
  id: string;
  projectId: string;
  title: string;
  category: string | null;
  itemType: string | null;
  description: string;
  dimensions: WireDimension[];
  tags: string[];
  images: ItemImage[];
  modelId: string | null;
  model: { id: string; fileName: string; thumbnailUrl: string | null; fileUrl: string } | null;
};

export type Attachment = {
  id: string;
  name: string;
  sizeBytes: number;
  contentType: string;
  kind: 'attachment' | 'delivery';
  createdAt: string;
  uploadedBy: string;
  downloadUrl: string;
};

export type Offer = {
  id: string;
  projectId: string;
  status: OfferStatus;
  pro: PersonRef & { label: 'CAD Designer' | 'Service Provider' };
  priceCents: number | null;
  leadTimeDays: number | null;
  invitedAt: string;
  quotedAt: string | null;
  answeredAt: string | null;
  refusedBy: 'customer' | 'pro' | null;
};

export type TeamMember = PersonRef & {
  label: 'Creator' | 'CAD Designer' | 'Service Provider' | 'Production Team';
  online: boolean;
  profileUrl: string | null;
};

export type ChangeRequest = {
  id: string;
  status: 'requested' | 'quoted' | 'approved' | 'refused' | 'declined';
  changes: string[];
  priceCents: number | null;
  requestedAt: string;
  quotedAt: string | null;
  answeredAt: string | null;
};

export type ProjectSummary = {
  id: string;
  title: string;
  description: string;
  projectType: 'single-item' | 'collection';
  service: boolean;
  activeStatus: ProjectStatus;
  activeStatusId: string;
  completed: boolean;
  sentInvite: boolean;
  phase: Phase;
  creator: PersonRef;
  pro: PersonRef | null;
  totalPriceCents: number | null;
  leadTimeDays: number | null;
  itemCount: number;
  coverImageUrl: string | null;
  offerCount: number;
  quotedCount: number;
  myInvitation: Offer | null;
  filesDelivered: boolean;
  deliveredAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What the viewer may do now (the server's state machine decides; buttons follow it). */
export type { ProjectAction };

export type ProjectDetail = ProjectSummary & {
  items: ProjectItem[];
  attachments: Attachment[];
  team: { creator: TeamMember; pro: TeamMember | null; productionTeam: TeamMember[] };
  offers: Offer[];
  changeRequest: ChangeRequest | null;
  rating: Rating | null;
  canInvite: boolean;
  viewerRole: 'customer' | 'pro' | 'staff';
  allowedActions: ProjectAction[];
};

export type Recommendation = DesignerCard & { fitReasons: string[] };

export { PROJECT_FILTERS, type ProjectFilter } from '@facet/domain/workflow';

/** Query keys: every mutation invalidates ['projects'] so lists, details and the dashboard refresh. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (params: object) => ['projects', 'list', params] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  recommendations: (id: string) => ['projects', 'detail', id, 'recommendations'] as const,
  invitations: ['projects', 'invitations'] as const,
};
