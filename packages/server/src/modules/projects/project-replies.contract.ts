import { z } from 'zod';
import { OFFER_STATUSES, PROJECT_ACTIONS } from '@facet/domain/workflow';

/** Response shapes of projects, offers, designers and ratings (the OpenAPI document and reply checks). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });

export const personRef = z
  .object({
    id: z.string(),
    role: z.enum(['customer', 'designer', 'service', 'staff']),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    shortName: z.string(),
    initials: z.string(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'Person' });

export const projectStatusReply = z.object({ id: z.string(), name: z.string(), position: z.number().int() });

export const offerReply = z
  .object({
    id: z.string(),
    projectId: z.string(),
    status: z.enum(OFFER_STATUSES),
    pro: personRef.extend({ label: z.enum(['CAD Designer', 'Service Provider']) }).nullable(),
    priceCents: cents.nullable(),
    leadTimeDays: z.number().int().nullable(),
    invitedAt: iso,
    quotedAt: iso.nullable(),
    answeredAt: iso.nullable(),
    refusedBy: z.enum(['customer', 'pro']).nullable(),
  })
  .meta({ id: 'Offer' });

export const projectSummaryReply = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    projectType: z.enum(['single-item', 'collection']),
    service: z.boolean(),
    activeStatus: projectStatusReply,
    activeStatusId: z.string(),
    completed: z.boolean(),
    sentInvite: z.boolean(),
    phase: z.enum(['not-started', 'invited', 'in-progress', 'completed', 'cancelled']),
    creator: personRef,
    pro: personRef.nullable(),
    totalPriceCents: cents.nullable(),
    leadTimeDays: z.number().int().nullable(),
    dueAt: iso.nullable().meta({
      description: 'UTC time, ISO 8601: lead time in weekdays after the payment; null until paid',
    }),
    lateness: z.string().nullable().meta({
      description: "'On Track', 'N day(s) Late' or 'N day(s) early' (hours under a day); null until paid",
    }),
    itemCount: z.number().int(),
    coverImageUrl: z.string().nullable(),
    offerCount: z.number().int(),
    quotedCount: z.number().int(),
    myInvitation: offerReply.nullable(),
    filesDelivered: z.boolean(),
    deliveredAt: iso.nullable(),
    completedAt: iso.nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'ProjectSummary' });

export const itemImageReply = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    uploadedBy: z.string(),
    createdAt: iso,
  })
  .meta({ id: 'ItemImage' });

export const projectItemReply = z
  .object({
    id: z.string(),
    projectId: z.string(),
    title: z.string(),
    category: z.string().nullable(),
    itemType: z.string().nullable(),
    description: z.string(),
    dimensions: z
      .array(z.record(z.string(), z.string()))
      .meta({ description: 'One name per entry: [{ "width": "20 mm" }]' }),
    tags: z.array(z.string()),
    images: z.array(itemImageReply),
    modelId: z.string().nullable(),
    model: z
      .object({
        id: z.string(),
        fileName: z.string(),
        thumbnailUrl: z.string().nullable(),
        fileUrl: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'ProjectItem' });

export const attachmentReply = z
  .object({
    id: z.string(),
    name: z.string(),
    sizeBytes: z.number().int(),
    contentType: z.string(),
    kind: z.enum(['attachment', 'delivery']),
    createdAt: iso,
    uploadedBy: z.string(),
    downloadUrl: z.string(),
  })
  .meta({ id: 'ProjectFile' });

const teamMember = personRef.extend({
  label: z.enum(['Creator', 'CAD Designer', 'Service Provider', 'Production Team']),
  online: z.boolean(),
  profileUrl: z.string().nullable(),
});

export const changeRequestReply = z
  .object({
    id: z.string(),
    status: z.enum(['requested', 'quoted', 'approved', 'paid', 'refused', 'declined']),
    changes: z.array(z.string()),
    priceCents: cents.nullable(),
    requestedAt: iso,
    quotedAt: iso.nullable(),
    answeredAt: iso.nullable(),
  })
  .meta({ id: 'ChangeRequest' });

export const leadTimeChangeReply = z
  .object({
    id: z.string(),
    status: z.enum(['requested', 'accepted', 'declined']),
    previousDays: z.number().int(),
    leadTimeDays: z.number().int(),
    reason: z.string(),
    requestedAt: iso,
    answeredAt: iso.nullable(),
  })
  .meta({ id: 'LeadTimeChange' });

export const ratingReply = z
  .object({
    id: z.string(),
    stars: z.number().int(),
    review: z.string(),
    createdAt: iso,
    customer: personRef,
  })
  .meta({ id: 'Rating' });

export const projectDetailReply = projectSummaryReply
  .extend({
    items: z.array(projectItemReply),
    attachments: z.array(attachmentReply),
    team: z.object({ creator: teamMember, pro: teamMember.nullable(), productionTeam: z.array(teamMember) }),
    offers: z.array(offerReply),
    changeRequest: changeRequestReply.nullable(),
    leadTimeChange: leadTimeChangeReply.nullable(),
    rating: ratingReply.nullable(),
    canInvite: z.boolean(),
    viewerRole: z.enum(['customer', 'pro', 'staff']),
    allowedActions: z.array(z.enum(PROJECT_ACTIONS)),
  })
  .meta({ id: 'Project' });

export const projectReply = z.object({ project: projectDetailReply });
export const itemReply = z.object({ item: projectItemReply });
export const changeAnswerReply = z.object({ changeRequest: changeRequestReply, project: projectDetailReply });
export const leadTimeAnswerReply = z.object({
  leadTimeChange: leadTimeChangeReply,
  project: projectDetailReply,
});

export const designerCardReply = z
  .object({
    id: z.string(),
    role: z.enum(['designer', 'service']),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    label: z.enum(['CAD Designer', 'Service Provider']),
    avatarUrl: z.string().nullable(),
    rating: z.number().nullable(),
    ratingText: z.string(),
    ratingCount: z.number().int(),
    completedCount: z.number().int(),
    tags: z.array(z.string()),
    serviceTypes: z.array(z.string()),
    responseRate: z.number().nullable(),
    responseRateText: z.string(),
    responseTime: z.string(),
    invited: z.boolean(),
    invitationStatus: z.enum(OFFER_STATUSES).nullable(),
    activeProjects: z.number().int(),
    availability: z.enum(['Available now', 'Limited availability', 'Busy']),
  })
  .meta({ id: 'DesignerCard' });

export const designerProfileReply = designerCardReply
  .extend({
    bio: z.string().nullable(),
    skills: z.array(z.string()),
    softwareSkills: z.array(z.string()),
    softwareOwn: z.array(z.string()),
    cadSkills: z.array(z.string()),
    portfolioLink: z.string().nullable(),
    portfolio: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
    phone: z.string().nullable(),
    link: z.string().nullable(),
    address: z.object({ city: z.string(), state: z.string(), country: z.string() }).nullable(),
    ratings: z.array(ratingReply),
    memberSince: iso,
  })
  .meta({ id: 'DesignerProfile' });
