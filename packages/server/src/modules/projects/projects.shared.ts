import { eq } from 'drizzle-orm';
import type { MailEvent, MailEventMap, ProjectMailData } from '@facet/domain/notifications';
import type { Db, Tx } from '../../db/client';
import { projectEvents, projects } from './projects.tables';
import { peopleByIds } from '../accounts/accounts.reads';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { ProjectNews } from '../../platform/project-news';
import { mailJob, sendMails, type MailJob } from '../../platform/mail/mail-job';
import type { ProjectRow } from './projects.access';
import { productionTeam } from '../accounts/people.reads';
import type { StoredUpload } from './project-files.rules';

/** What the projects sub-services share: their dependencies, project mails, events and file clean-up. */

export interface ProjectsDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
  /** Project news on each party's own channel (issue 16); absent where nobody listens. */
  news?: ProjectNews;
}

export { sendMails };

/** The events of mail about a project: their data is the project's (filled in by `mailTo`) and their own. */
export type ProjectMailEvent = {
  [E in MailEvent]: MailEventMap[E] extends ProjectMailData ? E : never;
}[MailEvent];

/** What a project mail's sender gives: the event's data less the project's; nothing when that is all. */
type OwnData<E extends ProjectMailEvent> = Omit<MailEventMap[E], keyof ProjectMailData>;
type OwnDataArg<E extends ProjectMailEvent> = [keyof OwnData<E>] extends [never] ? [] : [data: OwnData<E>];

async function emailsOf(tx: Db | Tx, ids: (string | null)[]) {
  const list = ids.filter((v): v is string => Boolean(v));
  if (list.length === 0) return new Map<string, { email: string; firstName: string }>();
  const rows = await peopleByIds(tx, list);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A mail to one person about one project (the template gets names, title and the project link). */
export async function mailTo<E extends ProjectMailEvent>(
  tx: Db | Tx,
  event: E,
  toId: string | null,
  project: ProjectRow,
  ...[data]: OwnDataArg<E>
): Promise<MailJob[]> {
  if (!toId) return [];
  const person = (await emailsOf(tx, [toId])).get(toId);
  if (!person) return [];
  const projectData: ProjectMailData = {
    firstName: person.firstName,
    projectId: project.id,
    projectTitle: project.title,
    service: project.service,
  };
  // the project's part and the sender's part make the event's data (OwnDataArg holds the sender's part)
  return [mailJob(event, person.email, { ...projectData, ...data } as MailEventMap[E])];
}

/** The same mail to each member of the production team (the spec's '-erp' copies of project events). */
export async function mailToProductionTeam<E extends ProjectMailEvent>(
  tx: Db | Tx,
  event: E,
  project: ProjectRow,
  ...data: OwnDataArg<E>
): Promise<MailJob[]> {
  const team = await productionTeam(tx);
  const mails: MailJob[] = [];
  for (const member of team) mails.push(...(await mailTo(tx, event, member.id, project, ...data)));
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
