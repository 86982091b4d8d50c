import type { Db } from '../../db/client';
import { ratings } from './ratings.tables';
import type { UserRow } from '../accounts/accounts.reads';
import { loadPeople } from '../accounts/people.reads';
import type { ProjectsService } from '../projects/projects.service';

/** The customer rates and reviews the pro once the project is completed; averages feed the cards. */
export function ratingsService(deps: { db: Db; projects: ProjectsService }) {
  const p = deps.projects;
  return {
    async rate(viewer: UserRow, projectId: string, input: { stars: number; review: string }) {
      const { row, mails } = await deps.db.transaction(async (tx) => {
        const a = await p.access(tx, viewer, projectId, { lock: true });
        p.check(a, 'rate');
        const [row] = await tx
          .insert(ratings)
          .values({
            projectId,
            proId: a.project.proId!,
            customerId: viewer.id,
            stars: input.stars,
            review: input.review,
          })
          .returning();
        await p.addEvent(tx, projectId, 'rated', `Rated ${input.stars} out of 5`, viewer.id);
        const mails = [
          ...(await p.mailTo(tx, 'ratingAndReview', a.project.proId, a.project, {
            stars: input.stars,
            review: input.review,
          })),
          ...(await p.mailToProductionTeam(tx, 'ratingAndReviewErp', a.project, {
            stars: input.stars,
            review: input.review,
            proName: (await loadPeople(tx, [a.project.proId!])).get(a.project.proId!)?.shortName ?? '',
          })),
        ];
        return { row: row!, mails };
      });
      await p.sendMails(mails);
      const people = await loadPeople(deps.db, [viewer.id]);
      return {
        id: row.id,
        stars: row.stars,
        review: row.review,
        createdAt: row.createdAt.toISOString(),
        customer: people.get(viewer.id)!,
      };
    },
  };
}

export type RatingsService = ReturnType<typeof ratingsService>;
