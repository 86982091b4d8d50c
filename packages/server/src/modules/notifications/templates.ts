/** Mail templates: one readable HTML and text version per event (spec section 7 names the events). */
import { formatDate, formatMoney } from '@facet/domain/format';
import { mailEventOf, type MailEvent, type MailEventMap } from '@facet/domain/notifications';
import { readStage, type StageCode } from '@facet/domain/workflow';
import { escapeHtml } from '../../platform/html';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The mail's paragraphs and button, as plain text: the in-app notification is made of them. */
  paragraphs: string[];
  action?: { label: string; url: string };
}

type Template<D> = (data: D, ctx: { publicUrl: string }) => RenderedMail;

/** A template for every mail event, each given its event's data: a missing one fails the type check. */
export type MailTemplates = { readonly [E in MailEvent]: Template<MailEventMap[E]> };

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c1a17;color:#f7f3ec;padding:12px 22px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f7f3ec;font-family:Georgia,serif;color:#1c1a17">
<div style="max-width:560px;margin:0 auto;padding:40px 24px">
<div style="font-size:22px;letter-spacing:.2em;text-transform:uppercase;margin-bottom:32px">Facet</div>
<h1 style="font-weight:normal;font-size:26px;margin:0 0 20px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin-top:40px;font-size:12px;color:#6b645a">Facet · custom jewelry, made to order</p>
</div></body></html>`;
}

const text = (title: string, paragraphs: string[], action?: { label: string; url: string }) =>
  [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'Facet · custom jewelry, made to order',
  ].join('\n');

function mail(title: string, paragraphs: string[], action?: { label: string; url: string }): RenderedMail {
  return {
    subject: title,
    html: layout(title, paragraphs.map(escapeHtml), action),
    text: text(title, paragraphs, action),
    paragraphs,
    ...(action ? { action } : {}),
  };
}

const statusWords: Record<string, string> = {
  active: 'approved — you can now take on projects',
  hold: 'put on hold',
  deactivated: 'deactivated',
};

const money = (cents: unknown) => (typeof cents === 'number' ? formatMoney(cents) : '');
const days = (n: unknown) => `${Number(n)} day(s)`;
const proWord = (d: { service?: boolean }) => (d.service ? 'service provider' : 'designer');
const projectLink = (d: { projectId?: string }, publicUrl: string) => ({
  label: 'Open the project',
  url: `${publicUrl}/projects/${String(d.projectId ?? '')}`,
});

const orderLink = (d: { orderId?: string }, publicUrl: string) => ({
  label: 'Follow your order',
  url: `${publicUrl}/order-details/${String(d.orderId ?? '')}`,
});
const itemList = (d: { items?: unknown }) =>
  Array.isArray(d.items) && d.items.length > 0 ? d.items.map(String).join(', ') : 'your pieces';
const orderNumber = (d: { orderId?: string }) =>
  String(d.orderId ?? '')
    .slice(0, 8)
    .toUpperCase();
const promised = (d: { promisedAt?: string | null }) =>
  typeof d.promisedAt === 'string' ? ` We promise delivery by ${formatDate(d.promisedAt)}.` : '';

type StageMail = (d: MailEventMap['orderStage'], n: string, publicUrl: string) => RenderedMail;
const movedOn: StageMail = (d, n, publicUrl) =>
  mail(
    `Order ${n}: ${d.stageName}`,
    [`Hello ${d.firstName}, ${itemList(d)} moved to ${d.stageName}.${promised(d)}`],
    orderLink(d, publicUrl),
  );

/**
 * What the customer reads when an order reaches each stage: every stage of `@facet/domain/workflow`
 * PRODUCTION_STAGES, so a stage added there is a type error here until its mail is chosen.
 */
const ORDER_STAGE_MAILS: Record<StageCode, StageMail> = {
  received: (d, n, publicUrl) =>
    mail(
      `Order ${n} received`,
      [
        `Hello ${d.firstName}, thank you for your order of ${itemList(d)} (${money(d.totalCents)}). It is paid and waits for the workshop.${promised(d)}`,
        'You can cancel it until production starts.',
      ],
      orderLink(d, publicUrl),
    ),
  processing: movedOn,
  printing: movedOn,
  casting: movedOn,
  polish: movedOn,
  quality_check: movedOn,
  delivery: (d, n, publicUrl) =>
    mail(
      `Order ${n}: DELIVERY`,
      [`Hello ${d.firstName}, ${itemList(d)} left the workshop and is on its way to you.`],
      orderLink(d, publicUrl),
    ),
  cancelled: (d, n, publicUrl) =>
    mail(
      `Order ${n} cancelled`,
      [
        `Hello ${d.firstName}, your order of ${itemList(d)} was cancelled. Your payment is refunded to your card; it may take a few days to show.`,
      ],
      orderLink(d, publicUrl),
    ),
};

export const templates: MailTemplates = {
  // account
  newCustomer: (d, { publicUrl }) =>
    mail(
      `Welcome to Facet, ${d.firstName}`,
      [
        'Your account is ready. Upload a 3D model for an instant price in every metal, or describe your idea and invite a CAD designer to bring it to life.',
      ],
      { label: 'Go to your dashboard', url: `${publicUrl}/dashboard` },
    ),
  newProfessional: (d, { publicUrl }) =>
    mail(
      `Thanks for applying, ${d.firstName}`,
      [
        `We received your application as a ${d.role === 'service' ? 'service provider' : 'CAD designer'}. Our team reviews every profile, usually within two working days, and we will write to you as soon as you are approved.`,
      ],
      { label: 'See your application status', url: `${publicUrl}/pending` },
    ),
  accountStatus: (d, { publicUrl }) =>
    mail(`Your Facet account was ${String(statusWords[String(d.status)] ?? d.status).split(' —')[0]}`, [
      `Hello ${d.firstName}, your account has been ${statusWords[String(d.status)] ?? d.status}.`,
      ...(d.reason ? [`Reason: ${String(d.reason)}`] : []),
      d.status === 'active'
        ? 'Sign in to see the projects you are invited to.'
        : `If you think this is a mistake, reply to this message or contact us at ${publicUrl}.`,
    ]),
  // projects, offers, changes, lead times and ratings (spec section 7); payments and membership
  projectCreation: (d, { publicUrl }) =>
    mail(
      `Your project "${d.projectTitle}" is ready`,
      [
        `Hello ${d.firstName}, your project "${d.projectTitle}" was created.`,
        `Invite a ${proWord(d)} to receive offers with a price and a lead time.`,
      ],
      projectLink(d, publicUrl),
    ),
  designerInvite: (d, { publicUrl }) =>
    mail(
      `You are invited to "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, ${d.customerName || 'a customer'} invited you to the project "${d.projectTitle}".`,
        'Read the brief, ask questions in the chat, then send your offer: a total price and a lead time in days.',
      ],
      projectLink(d, publicUrl),
    ),
  designerInviteAccept: (d, { publicUrl }) =>
    mail(
      `New offer on "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, ${d.proName || 'a ' + proWord(d)} sent an offer for "${d.projectTitle}": ${money(d.priceCents)} with a lead time of ${d.leadTimeDays} day(s).`,
        'Compare the offers and accept the one you like.',
      ],
      projectLink(d, publicUrl),
    ),
  designerInviteRefuse: (d, { publicUrl }) =>
    mail(
      `An invitation to "${d.projectTitle}" was declined`,
      [
        `Hello ${d.firstName}, ${d.proName || 'the ' + proWord(d)} will not take on "${d.projectTitle}". You can invite someone else.`,
      ],
      projectLink(d, publicUrl),
    ),
  designerOfferApprove: (d, { publicUrl }) =>
    mail(
      `Your offer on "${d.projectTitle}" was accepted`,
      [
        `Congratulations ${d.firstName}: the customer accepted your offer of ${money(d.priceCents)} and ${d.leadTimeDays} day(s).`,
        'The project now waits for payment; we will tell you when work can start.',
      ],
      projectLink(d, publicUrl),
    ),
  notChosenDesigners: (d, { publicUrl }) =>
    mail(
      `"${d.projectTitle}" went to another ${proWord(d)}`,
      [
        `Hello ${d.firstName}, thank you for your interest in "${d.projectTitle}". The customer chose another offer this time.`,
      ],
      { label: 'See your projects', url: `${publicUrl}/projects` },
    ),
  designerOfferRefuse: (d, { publicUrl }) =>
    mail(
      `Your offer on "${d.projectTitle}" was declined`,
      [`Hello ${d.firstName}, the customer declined your offer on "${d.projectTitle}".`],
      { label: 'See your projects', url: `${publicUrl}/projects` },
    ),
  chatMention: (d, { publicUrl }) =>
    mail(
      `${d.fromName} mentioned you on "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, ${d.fromName} mentioned you in the project chat:`,
        `“${String(d.message ?? '')}”`,
      ],
      projectLink(d, publicUrl),
    ),
  designerStatusMoved: (d, { publicUrl }) =>
    mail(
      `"${d.projectTitle}": ${d.statusName}`,
      [
        `Hello ${d.firstName}, ${String(d.message ?? '').replace(/^Project/, `the project "${d.projectTitle}"`)}.`,
      ],
      projectLink(d, publicUrl),
    ),
  designerStatusMovedErp: (d, { publicUrl }) =>
    mail(
      `[Production] "${d.projectTitle}": ${d.statusName}`,
      [
        `Hello ${d.firstName}, ${String(d.message ?? '').replace(/^Project/, `the ${d.service ? 'service' : 'design'} project "${d.projectTitle}"`)}.`,
        d.automatic ? 'No one answered the delivery, so the move was automatic.' : '',
      ].filter(Boolean),
      projectLink(d, publicUrl),
    ),
  userRequestedChanges: (d, { publicUrl }) =>
    mail(
      `Changes requested on "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, the customer asked for changes:`,
        ...(Array.isArray(d.changes) ? d.changes.map((c, i) => `${i + 1}. ${String(c)}`) : []),
        'Price the changes or decline them.',
      ],
      projectLink(d, publicUrl),
    ),
  designerAcceptedChanges: (d, { publicUrl }) =>
    mail(
      `Your changes on "${d.projectTitle}" were priced`,
      [
        `Hello ${d.firstName}, the ${proWord(d)} will make your changes for ${money(d.priceCents)}. Approve them to continue.`,
      ],
      projectLink(d, publicUrl),
    ),
  designerDeclinedChanges: (d, { publicUrl }) =>
    mail(
      `Your changes on "${d.projectTitle}" were declined`,
      [
        `Hello ${d.firstName}, the ${proWord(d)} declined the requested changes. You can approve the delivery or ask for different changes.`,
      ],
      projectLink(d, publicUrl),
    ),
  userApprovedChanges: (d, { publicUrl }) =>
    mail(
      `Changes approved on "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, the customer approved your price for the changes (${money(d.priceCents)}). The project is back in progress once they are paid.`,
      ],
      projectLink(d, publicUrl),
    ),
  userChangesPaymentSubmitted: (d, { publicUrl }) =>
    mail(
      `The changes on "${d.projectTitle}" are paid`,
      [
        `Hello ${d.firstName}, the customer paid ${money(d.priceCents)} for the approved changes. The project is back in progress.`,
      ],
      projectLink(d, publicUrl),
    ),
  membershipRenewalFailed: (d, { publicUrl }) =>
    mail(
      `We could not renew your ${d.planName} membership`,
      [
        `Hello ${d.firstName}, we could not charge ${money(d.amountCents)} for your ${d.planName} membership: ${d.reason}`,
        `You keep ${d.planName} while we try again each day until ${typeof d.graceUntil === 'string' ? formatDate(d.graceUntil, { timeZone: 'UTC' }) : ''}. After that your account moves to Standard.`,
      ],
      { label: 'Update your plan', url: `${publicUrl}/account-settings` },
    ),
  membershipEnded: (d, { publicUrl }) =>
    mail(
      `Your ${d.planName} membership has ended`,
      [
        d.reason === 'payment-failed'
          ? `Hello ${d.firstName}, we could not renew your ${d.planName} membership, so your account is on Standard now.`
          : `Hello ${d.firstName}, your ${d.planName} membership ended as you asked; your account is on Standard now.`,
        'You can choose a plan again at any time.',
      ],
      { label: 'See the plans', url: `${publicUrl}/pricing` },
    ),
  paymentReceipt: (d, { publicUrl }) =>
    mail(
      `Your receipt: ${money(d.amountCents)}`,
      [
        `Hello ${d.firstName}, thank you for your payment of ${money(d.amountCents)} for ${d.description}.`,
        // project and change payments are held; an order's payment is not (decision 023)
        ...(d.projectId ? ['Facet holds it in escrow until you approve the work.'] : []),
      ],
      { label: 'View your receipt', url: `${publicUrl}/api/payments/${d.paymentId}/receipt` },
    ),
  userDeclinedChanges: (d, { publicUrl }) =>
    mail(
      `Changes declined on "${d.projectTitle}"`,
      [`Hello ${d.firstName}, the customer did not approve the priced changes, so they were refused.`],
      projectLink(d, publicUrl),
    ),
  leadTimeRequested: (d, { publicUrl }) =>
    mail(
      `New lead time asked on "${d.projectTitle}"`,
      [
        `Hello ${d.firstName}, the ${proWord(d)} asks to change the lead time from ${days(d.previousDays)} to ${days(d.leadTimeDays)}.`,
        `Their reason: "${String(d.reason)}"`,
        'Agree or decline on the project page.',
      ],
      projectLink(d, publicUrl),
    ),
  leadTimeAnswered: (d, { publicUrl }) =>
    mail(
      d.accepted
        ? `New lead time agreed on "${d.projectTitle}"`
        : `New lead time declined on "${d.projectTitle}"`,
      [
        d.accepted
          ? `Hello ${d.firstName}, the customer agreed to a lead time of ${days(d.leadTimeDays)}. The project is now due ${formatDate(String(d.dueAt))}.`
          : `Hello ${d.firstName}, the customer declined the new lead time; it stays ${days(d.previousDays)}.`,
      ],
      projectLink(d, publicUrl),
    ),
  ratingAndReview: (d, { publicUrl }) =>
    mail(
      `You received a ${d.stars}-star rating`,
      [
        `Hello ${d.firstName}, the customer rated your work on "${d.projectTitle}" ${d.stars} out of 5.`,
        ...(d.review ? [`"${String(d.review)}"`] : []),
      ],
      { label: 'See your profile', url: `${publicUrl}/designer-dashboard/profile` },
    ),
  ratingAndReviewErp: (d, { publicUrl }) =>
    mail(
      `[Production] ${d.proName || 'A ' + proWord(d)} received a ${d.stars}-star rating`,
      [
        `Hello ${d.firstName}, the customer rated the work on "${d.projectTitle}" ${d.stars} out of 5.`,
        ...(d.review ? [`"${String(d.review)}"`] : []),
      ],
      projectLink(d, publicUrl),
    ),
  // orders: each production stage reached (its mail in ORDER_STAGE_MAILS), each shipment
  orderStage: (d, { publicUrl }) => {
    // `stage` is the stage's code (a job queued before the codes, migration 0027, has its API number)
    const stage = readStage(d.stage);
    return (stage ? ORDER_STAGE_MAILS[stage.code] : movedOn)(d, orderNumber(d), publicUrl);
  },
  orderShipped: (d, { publicUrl }) =>
    mail(
      `Order ${orderNumber(d)} shipped`,
      [
        `Hello ${d.firstName}, your order is shipped with ${d.carrier}.`,
        `Tracking number: ${d.trackingNumber}`,
      ],
      orderLink(d, publicUrl),
    ),
};

/** The mail of a job from the queue: its event by wire name, its data as the sender made it. */
export function renderMail(
  event: string,
  data: Record<string, unknown>,
  ctx: { publicUrl: string },
): RenderedMail {
  const name = mailEventOf(event);
  if (!name) throw new Error(`no mail template for event ${event}`);
  // the data was made for this event's type by mailJob; the queue kept it as JSON
  return (templates[name] as Template<Record<string, unknown>>)(data, ctx);
}
