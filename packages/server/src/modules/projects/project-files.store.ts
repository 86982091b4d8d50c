import type { Db, Tx } from '../../db/client';
import {
  recordFileRows,
  withStoredFiles,
  type ReceivedFile,
  type StoredFileFacts,
} from '../../platform/files/files.service';
import { projectFiles } from './projects.tables';

/** A project's link to a stored file (which project, item and kind). */
export type FileLinkRow = typeof projectFiles.$inferSelect;

/** A project file: its link and the stored file's facts, in the shape the replies use. */
export type FileRow = FileLinkRow & StoredFileFacts;

/** The links with their stored files (a link whose file is gone is left out). */
export const withFiles = (tx: Db | Tx, links: FileLinkRow[]): Promise<FileRow[]> =>
  withStoredFiles(tx, links);

/** Records files already in storage as the project's (inside the caller's transaction). */
export async function linkFiles(
  tx: Tx,
  projectId: string,
  kind: FileRow['kind'],
  received: ReceivedFile[],
  uploadedBy: string,
  itemId: string | null = null,
): Promise<FileRow[]> {
  const rows = await recordFileRows(tx, received, { purpose: `project-${kind}`, ownerId: uploadedBy });
  if (rows.length === 0) return [];
  const links = await tx
    .insert(projectFiles)
    .values(rows.map((file) => ({ projectId, itemId, kind, fileId: file.id })))
    .returning();
  return withFiles(tx, links);
}
