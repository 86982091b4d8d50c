import { eq } from 'drizzle-orm';
import { DEFAULT_DIMENSION_NAMES, withDefaultUnit } from '@facet/domain/format';
import { statusAt, workflowOf } from '@facet/domain/workflow';
import type { Db } from '../../db/client';
import { modelIdsOwnedBy } from '../models/models.reads';
import { projectFiles, projectItems, projects } from './projects.tables';
import { deleteFileRows } from '../../platform/files/files.service';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import { access, check, itemAccess } from './projects.access';
import { itemReply, type ProjectDetail } from './projects.queries';
import type { CreateProjectInput, UpdateItemInput } from './projects.contract';
import {
  addEvent,
  mailTo,
  removeStored,
  sendMails,
  touchProject,
  type ProjectsDeps,
} from './projects.shared';

/** Creating, editing and deleting projects and their items. */

function normaliseDimensions(list: Record<string, string>[]): Record<string, string>[] {
  return list.map((d) => {
    const [name, value] = Object.entries(d)[0] ?? ['width', ''];
    return { [name]: withDefaultUnit(value) };
  });
}

/** The items of a new project: the ones given, or one item from the brief itself. */
function itemsOf(input: CreateProjectInput) {
  const projectType = input.projectType ?? 'single-item';
  const items =
    input.items && input.items.length > 0
      ? input.items
      : [{ title: input.title, description: input.description, modelId: input.modelId }];
  if (projectType === 'single-item' && items.length > 1) {
    throw new AppError(
      'validation_failed',
      'A single-item project has one item. Choose collection for more.',
      400,
      {
        items: 'A single-item project has one item. Choose collection for more.',
      },
    );
  }
  return { projectType, items };
}

/** Every model the new items name must be the customer's own (404 otherwise, like any unknown model). */
async function checkModelsOwned(db: Db, viewer: UserRow, modelIds: string[]) {
  if (modelIds.length === 0) return;
  const owned = await modelIdsOwnedBy(db, viewer.id, modelIds);
  if (owned.length !== modelIds.length) throw notFound('Model');
}

type NewItem = ReturnType<typeof itemsOf>['items'][number];

function itemRow(projectId: string, item: NewItem, index: number, fallbackModelId: string | undefined) {
  return {
    projectId,
    title: item.title,
    category: 'category' in item ? (item.category ?? null) : null,
    itemType: 'itemType' in item ? (item.itemType ?? null) : null,
    description: item.description ?? '',
    dimensions: normaliseDimensions(
      'dimensions' in item && item.dimensions
        ? item.dimensions
        : DEFAULT_DIMENSION_NAMES.map((n) => ({ [n]: '' })),
    ),
    tags: 'tags' in item ? (item.tags ?? []) : [],
    modelId: item.modelId ?? fallbackModelId ?? null,
    sort: index,
  };
}

export interface EditsNeeds {
  detail: (viewer: UserRow, projectId: string) => Promise<ProjectDetail>;
}

export function projectEditsService(deps: ProjectsDeps, { detail }: EditsNeeds) {
  const { db } = deps;

  return {
    async create(viewer: UserRow, input: CreateProjectInput) {
      const { projectType, items } = itemsOf(input);
      await checkModelsOwned(db, viewer, [
        ...new Set(items.map((i) => i.modelId ?? input.modelId).filter((v): v is string => Boolean(v))),
      ]);
      const service = input.service ?? false;
      const { project, mails } = await db.transaction(async (tx) => {
        const [project] = await tx
          .insert(projects)
          .values({
            customerId: viewer.id,
            service,
            projectType,
            title: input.title,
            description: input.description ?? '',
            statusId: statusAt(workflowOf(service), -1).id,
          })
          .returning();
        await tx
          .insert(projectItems)
          .values(items.map((item, index) => itemRow(project!.id, item, index, input.modelId)));
        await addEvent(tx, project!.id, 'created', 'Project created', viewer.id);
        return { project: project!, mails: await mailTo(tx, 'projectCreation', viewer.id, project!) };
      });
      await sendMails(deps.jobs, mails);
      return detail(viewer, project.id);
    },

    async update(viewer: UserRow, projectId: string, patch: { title?: string; description?: string }) {
      await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        check(a, 'edit');
        await tx
          .update(projects)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(projects.id, projectId));
      });
      return detail(viewer, projectId);
    },

    async remove(viewer: UserRow, projectId: string) {
      const files = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        check(a, 'delete');
        const links = await tx
          .select({ fileId: projectFiles.fileId })
          .from(projectFiles)
          .where(eq(projectFiles.projectId, projectId));
        const keys = await deleteFileRows(
          tx,
          links.map((l) => l.fileId),
        );
        await tx.delete(projects).where(eq(projects.id, projectId));
        return keys.map((key) => ({ key }));
      });
      await removeStored(deps.storage, files);
    },

    async updateItem(viewer: UserRow, itemId: string, patch: UpdateItemInput) {
      return db.transaction(async (tx) => {
        const { item, a } = await itemAccess(tx, viewer, itemId, { lock: true });
        check(a, 'edit');
        await tx
          .update(projectItems)
          .set({
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.dimensions !== undefined ? { dimensions: normaliseDimensions(patch.dimensions) } : {}),
          })
          .where(eq(projectItems.id, itemId));
        await touchProject(tx, item.projectId);
        return itemReply(tx, item.projectId, itemId);
      });
    },
  };
}
