import { z } from 'zod';
import { paymentReply } from '../payments/payments.contract';

/** The operations console's reply shapes (named for the web's generated types). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });
const accountStatus = z.enum(['active', 'pending', 'hold', 'deactivated']);

export const staffPersonReply = z
  .object({
    id: z.string(),
    role: z.enum(['customer', 'designer', 'service']),
    status: accountStatus,
    isInactive: z.boolean(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    createdAt: iso,
    location: z.string().nullable(),
    bio: z.string().nullable(),
    tellWhy: z.string().nullable(),
    otherExperience: z.string().nullable(),
    skills: z.array(z.string()),
    cadSkills: z.array(z.string()),
    softwareSkills: z.array(z.string()),
    softwareOwn: z.array(z.string()),
    serviceTypes: z.array(z.string()),
    links: z.array(z.object({ label: z.string(), url: z.string() })),
    portfolio: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
    lastDecision: z
      .object({ from: z.string(), to: z.string(), reason: z.string().nullable(), at: iso })
      .nullable(),
  })
  .meta({ id: 'StaffPerson' });

export const peopleReply = z.object({
  people: z.array(staffPersonReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const boardProjectReply = z
  .object({
    id: z.string(),
    title: z.string(),
    service: z.boolean(),
    statusName: z.string(),
    position: z.number().int(),
    completed: z.boolean(),
    customerName: z.string().nullable(),
    proName: z.string().nullable(),
    totalPriceCents: cents.nullable(),
    createdAt: iso,
    dueAt: iso.nullable(),
    lateness: z.string().nullable().meta({ description: "'On Track', 'N day(s) Late', 'N day(s) early'" }),
    late: z.boolean(),
    canMarkPaid: z.boolean(),
    approvedChangeId: z.string().nullable(),
    canCancel: z
      .boolean()
      .meta({ description: 'not delivered, completed or cancelled: staff may cancel it (POST …/refund)' }),
    canRefund: z
      .boolean()
      .meta({ description: 'cancelling it refunds what it holds in escrow (paid through the platform)' }),
    heldCents: cents.meta({
      description: 'held in escrow for it now; 0 when unpaid or paid outside the platform (marked paid)',
    }),
  })
  .meta({ id: 'BoardProject' });

export const boardColumnReply = z
  .object({
    key: z.string(),
    name: z.string(),
    /** How many projects the column holds (counted up to 1,000 past the page); `projects` is a page of them. */
    total: z.number().int(),
    /** Whether `total` is the whole column (false: there are more than that). */
    totalExact: z.boolean(),
    projects: z.array(boardProjectReply),
  })
  .meta({ id: 'BoardColumn' });

export const projectsBoardReply = z
  .object({
    columns: z.array(boardColumnReply),
    lateCount: z.number().int(),
  })
  .meta({ id: 'ProjectsBoard' });

export const auditEntryReply = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    method: z.string(),
    route: z.string(),
    subjectId: z.string().nullable(),
    reason: z.string().nullable(),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    createdAt: iso,
  })
  .meta({ id: 'AuditEntry' });

export const staffPaymentReply = paymentReply
  .extend({
    payerId: z.string(),
    payerName: z.string(),
    payerEmail: z.string(),
    feeCents: cents.nullable(),
  })
  .meta({ id: 'StaffPayment' });

export const payoutReply = z
  .object({
    id: z.string(),
    proId: z.string(),
    accountId: z.string(),
    amountCents: cents,
    status: z.enum(['pending', 'paid', 'failed']),
    transferRef: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: iso,
    paidAt: iso.nullable(),
  })
  .meta({ id: 'Payout' });

export const webhookFailureReply = z
  .object({
    id: z.string(),
    type: z.string(),
    error: z.string(),
    attempts: z.number().int(),
    firstFailedAt: iso,
    lastFailedAt: iso,
    resolvedAt: iso.nullable(),
  })
  .meta({ id: 'WebhookFailure' });
