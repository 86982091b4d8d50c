import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { projectEvents, projects } from './projects.tables';
import { peopleByIds } from '../accounts/accounts.reads';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { ProjectNews } from '../../platform/project-news';
import type { MailJob } from '../notifications/notifications.service';
import type { ProjectRow } from './projects.access';
import { productionTeam } from './projects.people';
import type { StoredUpload } from './project-files.rules';

/** What the projects sub-services share: their dependencies, project mails, events and file clean-up. */

export interface ProjectsDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
  /** Project news on each party's own channel (issue 16); absent where nobody listens. */
  news?: ProjectNews;
}

export async function sendMails(jobs: Jobs, mails: MailJob[]) {
  for (const mail of mails) await jobs.send('mail', mail);
}

async function emailsOf(tx: Db | Tx, ids: (string | null)[]) {
  const list = ids.filter((v): v is string => Boolean(v));
  if (list.length === 0) return new Map<string, { email: string; firstName: string }>();
  const rows = await peopleByIds(tx, list);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A mail to one person about one project (the template gets names, title and the project link). */
export async function mailTo(
  tx: Db | Tx,
  event: string,
  toId: string | null,
  project: ProjectRow,
  data: Record<string, unknown> = {},
) {
  if (!toId) return [];
  const person = (await emailsOf(tx, [toId])).get(toId);
  if (!person) return [];
  return [
    {
      event,
      to: person.email,
      data: {
        firstName: person.firstName,
        projectId: project.id,
        projectTitle: project.title,
        service: project.service,
        ...data,
      },
    } satisfies MailJob,
  ];
}

/** The same mail to each member of the production team (the spec's '-erp' copies of project events). */
export async function mailToProductionTeam(
  tx: Db | Tx,
  event: string,
  project: ProjectRow,
  data: Record<string, unknown> = {},
) {
  const team = await productionTeam(tx);
  const mails: MailJob[] = [];
  for (const member of team) mails.push(...(await mailTo(tx, event, member.id, project, data)));
  return mails;
}

export async function addEvent(
  tx: Db | Tx,
  projectId: string,
  kind: string,
  message: string,
  actorId: string | null,
) {
  await tx.insert(projectEvents).values({ projectId, kind, message, actorId });
}

/** Marks the project as changed now (the inactivity job measures from here). */
export async function touchProject(tx: Db | Tx, projectId: string) {
  await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
}

/** Forgets files this request stored when the request is refused (nothing is kept). */
export async function removeStored(storage: Storage, files: Pick<StoredUpload, 'key'>[]) {
  for (const file of files) await storage.remove(file.key).catch(() => undefined);
}
