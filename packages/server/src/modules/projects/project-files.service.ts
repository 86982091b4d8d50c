import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { checkChatFileContent, FILE_FORMAT_NOT_SUPPORTED_MESSAGE, SNIFF_BYTES } from '@facet/domain/chat';
import type { Tx } from '../../db/client';
import { modelSummaries } from '../models/models.reads';
import { projectFiles, projectItems } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../accounts/accounts.queries';
import { peek } from '../chat/chat.service';
import { access, check, seesWork, UUID, type Access, type FileRow, type ProjectRow } from './projects.access';
import { fileReply } from './projects.mappers';
import { removeStored, type ProjectsDeps } from './projects.shared';
import {
  attachmentTooLarge,
  ATTACHMENT_EXTENSIONS,
  checkCount,
  contentTypeOf,
  fileEmpty,
  isModelFile,
  MAX_ATTACHMENT_BYTES,
  MAX_PROJECT_ATTACHMENTS,
  MODEL_EXTENSIONS,
  extensionOf,
  newStorageKey,
  type StoredUpload,
} from './project-files.rules';
import { safeFileTitle, zipStoredFiles } from './project-files.zip';

/** Project files: attachments and deliveries streamed in, downloads, and the models zip. */

/** Records files already in storage (inside the caller's transaction). */
export async function recordFiles(
  tx: Tx,
  project: ProjectRow,
  kind: FileRow['kind'],
  files: StoredUpload[],
  uploadedBy: string,
) {
  if (files.length === 0) return [];
  return tx
    .insert(projectFiles)
    .values(
      files.map((file) => ({
        projectId: project.id,
        itemId: null,
        kind,
        storageKey: file.key,
        name: file.name.slice(0, 200),
        contentType: contentTypeOf(file.extension),
        sizeBytes: file.sizeBytes,
        uploadedBy,
      })),
    )
    .returning();
}

/** Attachments: the customer or the chosen pro. */
function checkAttachRights(a: Access) {
  if (a.actor !== 'owner' && a.actor !== 'adopted-pro')
    throw new AppError('forbidden', 'You are not allowed to do that.', 403);
}

/** Stores a stream under the attachment cap, with the storage's refusals in the project's words. */
async function putCapped(storage: Storage, key: string, stream: Readable) {
  try {
    return await storage.putStream(key, stream, { maxBytes: MAX_ATTACHMENT_BYTES });
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_too_large') throw attachmentTooLarge();
    if (error instanceof AppError && error.code === 'upload_empty') throw fileEmpty();
    throw error;
  }
}

/**
 * Streams one attachment or delivered file into storage as it arrives: the name is checked before
 * any byte is read, the content by its first bytes (3D model files are checked by the mesh
 * analysis, not here), the size while streaming (past 100 MB nothing is kept). On a refusal the
 * rest of the file is read and dropped so the answer reaches the sender.
 */
async function receiveFile(
  storage: Storage,
  projectId: string,
  file: { name: string; stream: Readable },
): Promise<StoredUpload> {
  let discard = (): void => {
    file.stream.resume();
  };
  try {
    const extension = extensionOf(file.name);
    if (!ATTACHMENT_EXTENSIONS.includes(extension)) {
      throw new AppError('unsupported_file', FILE_FORMAT_NOT_SUPPORTED_MESSAGE, 400);
    }
    const peeked = await peek(file.stream, SNIFF_BYTES);
    discard = peeked.discard;
    const { head } = peeked;
    if (head.byteLength === 0) throw fileEmpty();
    if (!MODEL_EXTENSIONS.includes(extension)) {
      const content = checkChatFileContent({ name: file.name, sizeBytes: head.byteLength, firstBytes: head });
      if (!content.ok) throw new AppError('unsupported_file', content.message, 400);
    }
    const key = newStorageKey(projectId, extension);
    const { sizeBytes } = await putCapped(storage, key, peeked.rest);
    return { key, name: file.name, extension, sizeBytes };
  } catch (error) {
    discard();
    throw error;
  }
}

export function projectFilesService(deps: ProjectsDeps) {
  const { db } = deps;

  /** Told after the commit when 3D model files were added to a project (the chat's receive-3d-model). */
  const modelFileListeners = new Set<(projectId: string, files: FileRow[]) => void>();
  const modelFilesAdded = (projectId: string, rows: FileRow[]) => {
    const added = rows.filter((r) => isModelFile(r.name));
    if (added.length > 0) for (const listener of modelFileListeners) listener(projectId, added);
  };

  return {
    modelFilesAdded,

    /** Listens for 3D model files added to projects (attachments and deliveries); returns the unsubscribe. */
    onModelFiles(listener: (projectId: string, files: FileRow[]) => void) {
      modelFileListeners.add(listener);
      return () => modelFileListeners.delete(listener);
    },

    /**
     * The quick check before a single byte of an upload is read: may the viewer add files to this
     * project (attachments: the customer or the chosen pro; deliveries: the 'deliver' rule)? The
     * transaction that records the files checks again.
     */
    async checkUpload(viewer: UserRow, projectId: string, kind: 'attachment' | 'delivery') {
      const a = await access(db, viewer, projectId);
      if (kind === 'attachment') checkAttachRights(a);
      else check(a, 'deliver');
    },

    receiveFile: (projectId: string, file: { name: string; stream: Readable }) =>
      receiveFile(deps.storage, projectId, file),

    /** Forgets files this request stored when the request is refused (nothing is kept). */
    removeStored: (files: StoredUpload[]) => removeStored(deps.storage, files),

    /** Records attachments already streamed into storage; on any refusal they are removed again. */
    async addAttachments(viewer: UserRow, projectId: string, files: StoredUpload[]) {
      try {
        checkCount(files, MAX_PROJECT_ATTACHMENTS);
        const added = await db.transaction(async (tx) => {
          const a = await access(tx, viewer, projectId);
          checkAttachRights(a);
          return recordFiles(tx, a.project, 'attachment', files, viewer.id);
        });
        modelFilesAdded(projectId, added);
        return added.map(fileReply);
      } catch (error) {
        await removeStored(deps.storage, files);
        throw error;
      }
    },

    async openAttachment(viewer: UserRow, projectId: string, fileId: string) {
      if (!UUID.test(fileId)) throw notFound('Attachment');
      const a = await access(db, viewer, projectId);
      const [row] = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)));
      if (!row) throw notFound('Attachment');
      if (row.kind === 'delivery' && !seesWork(a)) throw notFound('Attachment');
      const stream = await deps.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },

    /** Every 3D model of the project (item models and delivered 3D files) as one zip, streamed. */
    async modelsZip(viewer: UserRow, projectId: string): Promise<{ fileName: string; stream: Readable }> {
      const a = await access(db, viewer, projectId);
      const items = await db
        .select({ modelId: projectItems.modelId })
        .from(projectItems)
        .where(eq(projectItems.projectId, projectId));
      const itemModels = [
        ...(
          await modelSummaries(
            db,
            items.map((i) => i.modelId),
          )
        ).values(),
      ].map((m) => ({ name: m.fileName, key: m.storageKey }));
      const delivered = seesWork(a)
        ? (
            await db
              .select({ name: projectFiles.name, key: projectFiles.storageKey })
              .from(projectFiles)
              .where(
                and(
                  eq(projectFiles.projectId, projectId),
                  inArray(projectFiles.kind, ['attachment', 'delivery']),
                ),
              )
          ).filter((f) => isModelFile(f.name))
        : [];
      const entries = [...itemModels, ...delivered];
      if (entries.length === 0) throw new AppError('no_models', 'This project has no 3D models yet.', 404);
      const stream = zipStoredFiles(deps.storage, entries);
      return { fileName: `${safeFileTitle(a.project.title)} models.zip`, stream };
    },
  };
}
