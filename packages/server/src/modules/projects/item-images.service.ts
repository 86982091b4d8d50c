import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { projectFiles, projects } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.queries';
import { contentMatchesName } from '../files/files.service';
import { check, itemAccess, UUID, type Access } from './projects.access';
import { itemReply } from './projects.queries';
import { touchProject, type ProjectsDeps } from './projects.shared';
import {
  contentTypeOf,
  extensionOf,
  fileEmpty,
  IMAGE_EXTENSIONS,
  itemImageTooLarge,
  MAX_ITEM_IMAGE_BYTES,
  MAX_ITEM_IMAGES,
  newStorageKey,
  type UploadedFile,
} from './project-files.rules';

/** Item images: small files read into memory, checked, stored, counted under the project's lock. */

/** Item images: the customer while the project is open (the 'edit' rule), or the chosen pro until completion. */
function checkItemImageRights(a: Access) {
  if (a.actor === 'adopted-pro') {
    if (a.state.completed) throw new AppError('wrong_status', 'This project is completed.', 409);
    return;
  }
  check(a, 'edit');
}

function checkItemImage(file: UploadedFile) {
  if (!IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
    throw new AppError('unsupported_file', 'Sorry, this file format is not supported!', 400);
  }
  if (file.bytes.byteLength === 0) throw fileEmpty();
  if (file.bytes.byteLength > MAX_ITEM_IMAGE_BYTES) throw itemImageTooLarge();
  if (!contentMatchesName(file.name, file.bytes)) {
    throw new AppError('unsupported_file', 'This file is not a jpg, png or webp image.', 400);
  }
}

/** Records a stored image; the count is taken under the project's row lock so two uploads cannot both pass it. */
async function recordItemImage(
  tx: Tx,
  viewer: UserRow,
  projectId: string,
  itemId: string,
  file: UploadedFile,
  key: string,
) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(projectFiles)
    .where(and(eq(projectFiles.itemId, itemId), eq(projectFiles.kind, 'image')));
  if (count >= MAX_ITEM_IMAGES) {
    throw new AppError('too_many_images', `An item can have at most ${MAX_ITEM_IMAGES} images.`, 409);
  }
  await tx.insert(projectFiles).values({
    projectId,
    itemId,
    kind: 'image',
    storageKey: key,
    name: file.name.slice(0, 200),
    contentType: contentTypeOf(extensionOf(file.name)),
    sizeBytes: file.bytes.byteLength,
    uploadedBy: viewer.id,
  });
  await touchProject(tx, projectId);
  return itemReply(tx, projectId, itemId);
}

export function itemImagesService(deps: ProjectsDeps) {
  const { db } = deps;

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
      checkItemImage(file);
      const key = newStorageKey(project.id, extensionOf(file.name));
      await deps.storage.put(key, file.bytes);
      try {
        return await db.transaction(async (tx) =>
          recordItemImage(tx, viewer, item.projectId, itemId, file, key),
        );
      } catch (error) {
        await deps.storage.remove(key).catch(() => undefined);
        throw error;
      }
    },

    /** Removes an item image: the customer any of them, the chosen pro the ones they added. */
    async removeItemImage(viewer: UserRow, itemId: string, imageId: string) {
      if (!UUID.test(itemId)) throw notFound('Project item');
      if (!UUID.test(imageId)) throw notFound('Image');
      const { key, reply } = await db.transaction(async (tx) => {
        const { item, a } = await itemAccess(tx, viewer, itemId, { lock: true });
        const [image] = await tx
          .select()
          .from(projectFiles)
          .where(
            and(
              eq(projectFiles.id, imageId),
              eq(projectFiles.itemId, itemId),
              eq(projectFiles.kind, 'image'),
            ),
          );
        if (!image) throw notFound('Image');
        checkItemImageRights(a);
        if (a.actor === 'adopted-pro' && image.uploadedBy !== viewer.id) {
          throw new AppError('forbidden', 'Only the customer can remove images they added.', 403);
        }
        await tx.delete(projectFiles).where(eq(projectFiles.id, imageId));
        await touchProject(tx, item.projectId);
        return { key: image.storageKey, reply: await itemReply(tx, item.projectId, itemId) };
      });
      await deps.storage.remove(key).catch(() => undefined);
      return reply;
    },
  };
}
