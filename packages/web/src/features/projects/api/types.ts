/** Shapes of /api/projects and /api/invitations, from the generated contract (`src/api`, decision 018). */
import type { ProjectAction } from '@facet/domain/workflow';
import type { Reply, Schemas } from '../../../api';
import type { OfferStatus, PersonRef } from '../../designers/api/types';

export type { OfferStatus, PersonRef };

export type ProjectStatus = Schemas['Project']['activeStatus'];
export type Phase = Schemas['Project']['phase'];
/** One key per object on the wire: { width: '20 mm' }. */
export type WireDimension = Schemas['ProjectItem']['dimensions'][number];

export type ItemImage = Schemas['ItemImage'];

export type ProjectItem = Schemas['ProjectItem'];

export type Attachment = Schemas['ProjectFile'];

export type Offer = Schemas['Offer'];

export type TeamMember = Schemas['Project']['team']['creator'];

export type ChangeRequest = Schemas['ChangeRequest'];

export type ProjectSummary = Schemas['ProjectSummary'];

/** What the viewer may do now (the server's state machine decides; buttons follow it). */
export type { ProjectAction };

export type ProjectDetail = Schemas['Project'];

export type Recommendation = Reply<'/api/projects/{id}/recommendations', 'get'>['designers'][number];

export { PROJECT_FILTERS, type ProjectFilter } from '@facet/domain/workflow';

/** Query keys: every mutation invalidates ['projects'] so lists, details and the dashboard refresh. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (params: object) => ['projects', 'list', params] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  recommendations: (id: string) => ['projects', 'detail', id, 'recommendations'] as const,
  invitations: ['projects', 'invitations'] as const,
};
