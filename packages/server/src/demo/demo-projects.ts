import type { OffersService } from '../modules/offers/offers.service';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { projects as projectsTable } from '../modules/projects/projects.tables';
import { accountsQueries } from '../modules/accounts/accounts.queries';
import type { ProjectsService } from '../modules/projects/projects.service';

/**
 * Demo projects for customer@demo.facet so the pages have content: one not started, one inviting with an
 * offer from designer@demo.facet, one in design with designer2@demo.facet. Idempotent.
 */
export async function seedDemoProjects(ctx: { db: Db; projects: ProjectsService; offers: OffersService }) {
  const q = accountsQueries(ctx.db);
  const [customer, designer, designer2, designer3, staff] = await Promise.all(
    [
      'customer@demo.facet',
      'designer@demo.facet',
      'designer2@demo.facet',
      'designer3@demo.facet',
      'staff@demo.facet',
    ].map((e) => q.findByEmail(e)),
  );
  if (!customer || !designer || !designer2 || !designer3 || !staff) return;
  const existing = await ctx.db
    .select({ id: projectsTable.id })
    .from(projectsTable)
    .where(eq(projectsTable.customerId, customer.id))
    .limit(1);
  if (existing.length > 0) return;
  const { offers } = ctx;

  await ctx.projects.create(customer, {
    title: 'Art deco engagement ring',
    description:
      'A platinum solitaire with a stepped art deco gallery and milgrain edges, for a 1.2 ct oval stone.',
    items: [
      {
        title: 'Art deco engagement ring',
        category: 'Rings',
        itemType: 'Ring',
        description: 'Oval centre stone, 1.2 ct, six-prong setting with a stepped gallery.',
        dimensions: [{ width: '2.2 mm' }, { height: '6 mm' }, { thickness: '1.8 mm' }],
        tags: ['engagement', 'art deco'],
      },
    ],
  });

  const collection = await ctx.projects.create(customer, {
    title: 'Botanical pendant collection',
    description: 'Three pendants drawn from pressed leaves: fern, ginkgo and olive, for a spring launch.',
    projectType: 'collection',
    items: [
      {
        title: 'Fern pendant',
        category: 'Necklaces',
        itemType: 'Necklace',
        description: 'A curling fern frond, 28 mm tall.',
        dimensions: [{ height: '28 mm' }, { width: '14 mm' }],
        tags: ['botanical'],
      },
      {
        title: 'Ginkgo pendant',
        category: 'Necklaces',
        itemType: 'Necklace',
        description: 'A single ginkgo leaf with vein texture.',
        dimensions: [{ height: '22 mm' }, { width: '24 mm' }],
        tags: ['botanical'],
      },
      {
        title: 'Olive branch pendant',
        category: 'Necklaces',
        itemType: 'Necklace',
        description: 'Three olive leaves on a short stem.',
        dimensions: [{ height: '30 mm' }, { width: '12 mm' }],
        tags: ['botanical'],
      },
    ],
  });
  const first = await offers.invite(customer, collection.id, designer.id);
  await offers.invite(customer, collection.id, designer3.id);
  await offers.quote(designer, first.offer.id, { priceCents: 48_000, leadTimeDays: 7 });

  const signet = await ctx.projects.create(customer, {
    title: 'Signet ring redesign',
    description: 'Modernise a family signet: flatter face, engraved monogram, comfort-fit band.',
    items: [
      {
        title: 'Signet ring',
        category: 'Rings',
        itemType: 'Ring',
        description: 'Oval face 14 x 12 mm with a CD monogram.',
        dimensions: [{ width: '14 mm' }, { height: '12 mm' }, { thickness: '2.5 mm' }],
        tags: ['signet', 'monogram'],
      },
    ],
  });
  const invited = await offers.invite(customer, signet.id, designer2.id);
  await offers.quote(designer2, invited.offer.id, { priceCents: 35_000, leadTimeDays: 5 });
  await offers.accept(customer, invited.offer.id);
  await ctx.projects.markPaid(staff, signet.id);
}
