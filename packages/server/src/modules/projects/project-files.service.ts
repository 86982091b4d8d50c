import type { Readable } from 'node:stream';
import { isUuid } from '@facet/domain/rules';
import { and, eq, inArray } from 'drizzle-orm';
import { CHAT_FILE_EXTENSIONS, FILE_FORMAT_NOT_SUPPORTED_MESSAGE } from '@facet/domain/chat';
import { isCancelled, PROJECT_CANCELLED_MESSAGE } from '@facet/domain/workflow';
import type { Tx } from '../../db/client';
import { modelSummaries } from '../models/models.reads';
import { projectFiles, projectItems } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import { filesService, type ReceiveRules } from '../../platform/files/files.service';
import type { UserRow } from '../accounts/accounts.reads';
import { access, check, seesFile, seesWork, type Access, type ProjectRow } from './projects.access';
import { fileReply } from './projects.mappers';
import { removeStored, type ProjectsDeps } from './projects.shared';
import {
  attachmentTooLarge,
  checkCount,
  fileEmpty,
  isModelFile,
  MAX_ATTACHMENT_BYTES,
  MAX_PROJECT_ATTACHMENTS,
  MODEL_EXTENSIONS,
  projectFolder,
  type StoredUpload,
} from './project-files.rules';
import { linkFiles, withFiles, type FileRow } from './project-files.store';
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
  return linkFiles(tx, project.id, kind, files, uploadedBy);
}

/** Attachments: the customer or the chosen pro, while the project is not cancelled. */
function checkAttachRights(a: Access) {
  if (a.actor !== 'owner' && a.actor !== 'adopted-pro')
    throw new AppError('forbidden', 'You are not allowed to do that.', 403);
  if (isCancelled(a.state)) throw new AppError('project_cancelled', PROJECT_CANCELLED_MESSAGE, 409);
}

const unsupported = () => new AppError('unsupported_file', FILE_FORMAT_NOT_SUPPORTED_MESSAGE, 400);

/**
 * How an attachment or delivered file is taken: the name is checked before any byte is read, the
 * content by its first bytes (3D model files are checked by the mesh analysis, not here), the size
 * while streaming (past 100 MB nothing is kept).
 */
const attachmentRules = (projectId: string): ReceiveRules => ({
  folder: projectFolder(projectId),
  checked: CHAT_FILE_EXTENSIONS,
  unchecked: MODEL_EXTENSIONS,
  maxBytes: MAX_ATTACHMENT_BYTES,
  unsupported,
  tooLarge: attachmentTooLarge,
  empty: fileEmpty,
});

export function projectFilesService(deps: ProjectsDeps) {
  const { db } = deps;
  const stored = filesService(deps);

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
      stored.receive(file, attachmentRules(projectId)),

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
      if (!isUuid(fileId)) throw notFound('Attachment');
      const a = await access(db, viewer, projectId);
      const [row] = await withFiles(
        db,
        await db
          .select()
          .from(projectFiles)
          .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId))),
      );
      if (!row) throw notFound('Attachment');
      if (row.kind !== 'image' && !seesFile(a, row)) throw notFound('Attachment');
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
            await withFiles(
              db,
              await db
                .select()
                .from(projectFiles)
                .where(
                  and(
                    eq(projectFiles.projectId, projectId),
                    inArray(projectFiles.kind, ['attachment', 'delivery']),
                  ),
                ),
            )
          )
            .filter((f) => isModelFile(f.name))
            .map((f) => ({ name: f.name, key: f.storageKey }))
        : [];
      const entries = [...itemModels, ...delivered];
      if (entries.length === 0) throw new AppError('no_models', 'This project has no 3D models yet.', 404);
      const stream = zipStoredFiles(deps.storage, entries);
      return { fileName: `${safeFileTitle(a.project.title)} models.zip`, stream };
    },
  };
}
