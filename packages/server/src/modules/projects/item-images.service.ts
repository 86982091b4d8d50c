import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import type { Tx } from '../../db/client';
import { projectFiles, projects } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import { IMAGE_EXTENSIONS } from '../../platform/files/content-check';
import { deleteFileRows, filesService } from '../../platform/files/files.service';
import { check, itemAccess, type Access } from './projects.access';
import { itemReply } from './projects.queries';
import { touchProject, type ProjectsDeps } from './projects.shared';
import {
  fileEmpty,
  itemImageTooLarge,
  MAX_ITEM_IMAGE_BYTES,
  MAX_ITEM_IMAGES,
  projectFolder,
  type StoredUpload,
  type UploadedFile,
} from './project-files.rules';
import { linkFiles, withFiles } from './project-files.store';

/** Item images: small files read into memory, checked, stored, counted under the project's lock. */

/** Item images: the customer while the project is open (the 'edit' rule), or the chosen pro until completion. */
function checkItemImageRights(a: Access) {
  if (a.actor === 'adopted-pro') {
    if (a.state.completed) throw new AppError('wrong_status', 'This project is completed.', 409);
    return;
  }
  check(a, 'edit');
}

/** Records a stored image; the count is taken under the project's row lock so two uploads cannot both pass it. */
async function recordItemImage(
  tx: Tx,
  viewer: UserRow,
  projectId: string,
  itemId: string,
  stored: StoredUpload,
) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(projectFiles)
    .where(and(eq(projectFiles.itemId, itemId), eq(projectFiles.kind, 'image')));
  if (count >= MAX_ITEM_IMAGES) {
    throw new AppError('too_many_images', `An item can have at most ${MAX_ITEM_IMAGES} images.`, 409);
  }
  await linkFiles(tx, projectId, 'image', [stored], viewer.id, itemId);
  await touchProject(tx, projectId);
  return itemReply(tx, projectId, itemId);
}

export function itemImagesService(deps: ProjectsDeps) {
  const { db } = deps;
  const files = filesService(deps);

  return {
    /** The quick check before an item image's bytes are read (addItemImage checks again). */
    async checkItemImageUpload(viewer: UserRow, itemId: string) {
      checkItemImageRights((await itemAccess(db, viewer, itemId)).a);
    },

    /**
     * Adds an image to an item: the project's customer while the project is open, or its chosen pro.
     * Permission, count, type (by name and by content) and size are checked before anything is stored.
     */
    async addItemImage(viewer: UserRow, itemId: string, file: UploadedFile) {
      const { item, project } = await db.transaction(async (tx) => {
        const { item, a } = await itemAccess(tx, viewer, itemId);
        checkItemImageRights(a);
        return { item, project: a.project };
      });
      const stored = await files.receiveBytes(file, {
        folder: projectFolder(project.id),
        checked: IMAGE_EXTENSIONS,
        maxBytes: MAX_ITEM_IMAGE_BYTES,
        unsupported: () => new AppError('unsupported_file', 'Sorry, this file format is not supported!', 400),
        mismatch: () => new AppError('unsupported_file', 'This file is not a jpg, png or webp image.', 400),
        tooLarge: itemImageTooLarge,
        empty: fileEmpty,
      });
      try {
        return await db.transaction(async (tx) =>
          recordItemImage(tx, viewer, item.projectId, itemId, stored),
        );
      } catch (error) {
        await files.forget([stored.key]);
        throw error;
      }
    },

    /** Removes an item image: the customer any of them, the chosen pro the ones they added. */
    async removeItemImage(viewer: UserRow, itemId: string, imageId: string) {
      if (!isUuid(itemId)) throw notFound('Project item');
      if (!isUuid(imageId)) throw notFound('Image');
      const { key, reply } = await db.transaction(async (tx) => {
        const { item, a } = await itemAccess(tx, viewer, itemId, { lock: true });
        const [image] = await withFiles(
          tx,
          await tx
            .select()
            .from(projectFiles)
            .where(
              and(
                eq(projectFiles.id, imageId),
                eq(projectFiles.itemId, itemId),
                eq(projectFiles.kind, 'image'),
              ),
            ),
        );
        if (!image) throw notFound('Image');
        checkItemImageRights(a);
        if (a.actor === 'adopted-pro' && image.uploadedBy !== viewer.id) {
          throw new AppError('forbidden', 'Only the customer can remove images they added.', 403);
        }
        await deleteFileRows(tx, [image.fileId]);
        await touchProject(tx, item.projectId);
        return { key: image.storageKey, reply: await itemReply(tx, item.projectId, itemId) };
      });
      await deps.storage.remove(key).catch(() => undefined);
      return reply;
    },
  };
}
