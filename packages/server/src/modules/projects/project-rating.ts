import type { Db, Tx } from '../../db/client';

/**
 * The customer's rating of a project, as the project shows it. Ratings are a module above projects (a
 * rating is of a project's pro), so projects does not import them: the ratings module plugs its read in
 * when it is built (`projects.readRatingsWith`), the way a Fastify plugin decorates what it depends on
 * (decision 071). Every process builds every module, so the read is always there once the app is built.
 */
export interface ProjectRating {
  id: string;
  stars: number;
  review: string;
  createdAt: Date;
}

export type ProjectRatingRead = (db: Db | Tx, projectId: string) => Promise<ProjectRating | undefined>;

let read: ProjectRatingRead | null = null;

/** Plugs in the ratings module's read (the same stateless read for every app of the process). */
export function readRatingsWith(source: ProjectRatingRead) {
  read = source;
}

/** The rating of a project, if its customer gave one. */
export function ratingOfProject(db: Db | Tx, projectId: string): Promise<ProjectRating | undefined> {
  if (!read) throw new Error('The ratings module is not built: build the app, or buildServices, first.');
  return read(db, projectId);
}
