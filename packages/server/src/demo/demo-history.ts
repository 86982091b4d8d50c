import { inArray } from 'drizzle-orm';
import { addWeekdays } from '@facet/domain/format';
import type { Db, Tx } from '../db/client';
import {
  invitations,
  projectItems,
  projects,
  projectStatusHistory,
} from '../modules/projects/projects.tables';

/**
 * A believable history for the demo pros, so Browse designers shows measured figures on a fresh start:
 * completed projects of demo customers (invited, quoted after a realistic while, accepted, paid,
 * delivered around the due date, rated), with a runner-up's invitation on each (some answered, some
 * left unanswered past the answer window), and one project in design that is running late. Rows are
 * written in one transaction with their real timestamps in the past; nothing is computed for a reply.
 * Idempotent: skipped once the first history customer has projects.
 */

export interface HistoryPerson {
  id: string;
  role: 'customer' | 'designer' | 'service';
}

export interface HistoryRating {
  projectId: string;
  proId: string;
  customerId: string;
  stars: number;
  review: string;
  at: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const DESIGN_BRIEFS: [string, string, string][] = [
  ['Oval halo engagement ring', 'Ring', 'A 1.5 ct oval with a pavé halo and a cathedral shank.'],
  ['Heirloom signet remodel', 'Ring', "A grandfather's signet recut with a shallow crest."],
  ['Twisted rope wedding band', 'Ring', 'A 3 mm rope twist in 18k yellow gold, comfort fit.'],
  ['Constellation pendant', 'Necklace', 'Seven small bezel stones set as the Plough.'],
  ['Art nouveau drop earrings', 'Earring', 'Whiplash curves around a pear-shaped moonstone.'],
  ['Initial charm bracelet', 'Bracelet', 'Five engraved initial discs on a cable chain.'],
  ['Toi et moi ring', 'Ring', 'A pear and an emerald cut side by side on a split shank.'],
  ['Bee cufflinks', 'Cufflinks', 'A pair of bees with textured wings and black diamond eyes.'],
  ['Birthstone stacking rings', 'Ring', 'Three thin bands, one birthstone each.'],
  ['Wave ear climbers', 'Earring', 'A climbing wave line with graduated white sapphires.'],
];

const SERVICE_BRIEFS: [string, string, string][] = [
  ['Cast 40 pendants in silver', 'Necklace', 'A production run of a leaf pendant, polished and oxidised.'],
  ['Rhodium plating for a ring batch', 'Ring', 'Plate 25 white gold rings after polishing.'],
  ['Stone setting for a halo ring', 'Ring', 'Set 22 melee diamonds in a pavé halo.'],
  ['Laser engraving on 60 tags', 'Pendant', 'A logo and a serial number on each tag.'],
  ['Print and cast a cuff prototype', 'Bracelet', 'Resin print, then a single cast in bronze.'],
  ['Hand finishing of 30 signets', 'Ring', 'Satin face, high polish sides.'],
];

const REVIEWS: [number, string][] = [
  [5, 'Clear questions up front and a model that cast perfectly first time.'],
  [5, 'Delivered early and the renders matched the finished piece exactly.'],
  [4, 'Lovely work; one revision round for the prong heights, handled quickly.'],
  [5, 'Understood the brief from a rough sketch. Would hire again.'],
  [4, 'Great result, a day later than planned but kept me informed.'],
  [5, 'Beautiful detail and sensible advice on stone sizes.'],
  [5, 'Fast, precise and easy to talk to.'],
  [3, 'Good final piece, but it took a few rounds to get the proportions right.'],
];

/** Hours a pro takes to send their offer (their own pace, so response times differ). */
const PACE_HOURS = [2, 5, 9, 3, 20, 30, 4, 12, 7, 16];

export async function seedDemoHistory(
  db: Db,
  people: { customers: HistoryPerson[]; pros: HistoryPerson[] },
  rate: (tx: Tx, rows: HistoryRating[]) => Promise<void>,
  now = new Date(),
) {
  const { customers, pros } = people;
  if (customers.length === 0 || pros.length === 0) return;
  const [first] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      inArray(
        projects.customerId,
        customers.map((c) => c.id),
      ),
    )
    .limit(1);
  if (first) return;

  const projectRows: (typeof projects.$inferInsert)[] = [];
  const itemRows: (typeof projectItems.$inferInsert)[] = [];
  const invitationRows: (typeof invitations.$inferInsert)[] = [];
  const historyRows: (typeof projectStatusHistory.$inferInsert)[] = [];
  const ratingRows: HistoryRating[] = [];
  let n = 0;

  pros.forEach((pro, i) => {
    const service = pro.role === 'service';
    const peers = pros.filter((p) => p.role === pro.role && p.id !== pro.id);
    const briefs = service ? SERVICE_BRIEFS : DESIGN_BRIEFS;
    const count = 2 + (i % 3);
    for (let j = 0; j < count; j += 1) {
      n += 1;
      const id = crypto.randomUUID();
      const customer = customers[(i + j) % customers.length]!;
      const [title, itemType, description] = briefs[(i * 3 + j) % briefs.length]!;
      const invitedAt = new Date(now.getTime() - (25 * (j + 1) + 3 * i + 14) * DAY);
      const quotedAt = new Date(invitedAt.getTime() + (PACE_HOURS[i % PACE_HOURS.length]! + j) * HOUR);
      // the customer compares offers for two days, then accepts and pays
      const acceptedAt = new Date(quotedAt.getTime() + 2 * DAY);
      const paidAt = new Date(acceptedAt.getTime() + 3 * HOUR);
      const leadTimeDays = 5 + ((i + j) % 6);
      const dueAt = addWeekdays(paidAt, leadTimeDays);
      // mostly early or on time, now and then a little late
      const offsetHours = [-30, -6, -52, 20, -2][(i + 2 * j) % 5]!;
      const deliveredAt = new Date(dueAt.getTime() + offsetHours * HOUR);
      const completedAt = new Date(deliveredAt.getTime() + 2 * DAY);
      const priceCents = (service ? 18_000 : 24_000) + ((i * 7 + j * 13) % 20) * 2_500;
      projectRows.push({
        id,
        customerId: customer.id,
        proId: pro.id,
        service,
        title,
        description,
        statusId: service ? 'service-review' : 'design-review',
        completed: true,
        sentInvite: true,
        totalPriceCents: priceCents,
        leadTimeDays,
        filesDelivered: true,
        paidAt,
        dueAt,
        deliveredAt,
        completedAt,
        createdAt: new Date(invitedAt.getTime() - 2 * HOUR),
        updatedAt: completedAt,
      });
      itemRows.push({ projectId: id, title, itemType, description, category: itemType });
      invitationRows.push({
        projectId: id,
        proId: pro.id,
        status: 'accepted',
        priceCents,
        leadTimeDays,
        invitedAt,
        quotedAt,
        answeredAt: acceptedAt,
      });
      const peer = peers[(i + j) % Math.max(1, peers.length)];
      if (peer) {
        // the runner-up: usually quoted too; now and then never answered within the window
        const answered = (i + j) % 4 !== 0;
        invitationRows.push({
          projectId: id,
          proId: peer.id,
          status: 'refused',
          refusedBy: 'customer',
          priceCents: answered ? priceCents + 6_000 : null,
          leadTimeDays: answered ? leadTimeDays + 2 : null,
          invitedAt,
          quotedAt: answered ? new Date(invitedAt.getTime() + (6 + j * 5) * HOUR) : null,
          answeredAt: acceptedAt,
        });
      }
      const prefix = service ? 'service' : 'design';
      const moves: [string, Date, boolean][] = [
        [`${prefix}-invite`, invitedAt, false],
        [`${prefix}-payment`, acceptedAt, false],
        [`${prefix}-in-progress`, paidAt, false],
        [`${prefix}-review`, deliveredAt, false],
        [`${prefix}-review`, completedAt, true],
      ];
      let from: string | null = `${prefix}-not-started`;
      for (const [to, at, completed] of moves) {
        historyRows.push({
          projectId: id,
          fromStatusId: from,
          toStatusId: to,
          completed,
          actorId: null,
          createdAt: at,
        });
        from = to;
      }
      const [stars, review] = REVIEWS[(i + j * 3) % REVIEWS.length]!;
      ratingRows.push({
        projectId: id,
        proId: pro.id,
        customerId: customer.id,
        stars,
        review,
        at: new Date(completedAt.getTime() + 5 * HOUR),
      });
    }
  });

  // one project in design that is running late, so the production team's list has one to chase
  const latePro = pros.find((p) => p.role === 'designer');
  if (latePro) {
    const id = crypto.randomUUID();
    const paidAt = new Date(now.getTime() - 16 * DAY);
    const invitedAt = new Date(paidAt.getTime() - 3 * DAY);
    projectRows.push({
      id,
      customerId: customers[0]!.id,
      proId: latePro.id,
      title: 'Sapphire halo pendant',
      description: 'A cushion sapphire in a diamond halo on a fine cable chain, for an anniversary.',
      statusId: 'design-in-progress',
      sentInvite: true,
      totalPriceCents: 42_000,
      leadTimeDays: 6,
      paidAt,
      dueAt: addWeekdays(paidAt, 6),
      createdAt: new Date(invitedAt.getTime() - HOUR),
      updatedAt: paidAt,
    });
    itemRows.push({
      projectId: id,
      title: 'Sapphire halo pendant',
      itemType: 'Necklace',
      category: 'Necklace',
      description: 'Cushion sapphire, 7 mm, halo of 16 melee diamonds.',
    });
    invitationRows.push({
      projectId: id,
      proId: latePro.id,
      status: 'accepted',
      priceCents: 42_000,
      leadTimeDays: 6,
      invitedAt,
      quotedAt: new Date(invitedAt.getTime() + 4 * HOUR),
      answeredAt: new Date(paidAt.getTime() - 2 * HOUR),
    });
  }

  await db.transaction(async (tx) => {
    await tx.insert(projects).values(projectRows);
    await tx.insert(projectItems).values(itemRows);
    await tx.insert(invitations).values(invitationRows);
    await tx.insert(projectStatusHistory).values(historyRows);
    await rate(tx, ratingRows);
  });
  return n;
}
