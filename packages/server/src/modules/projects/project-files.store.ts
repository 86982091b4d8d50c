import type { Db, Tx } from '../../db/client';
import { describeFiles, recordFileRows, type ReceivedFile } from '../../platform/files/files.service';
import { projectFiles } from './projects.tables';

/** A project's link to a stored file (which project, item and kind). */
export type FileLinkRow = typeof projectFiles.$inferSelect;

/** A project file: its link and the stored file's facts, in the shape the replies use. */
export type FileRow = FileLinkRow & {
  storageKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  uploadedBy: string | null;
};

/** The links with their stored files (a link whose file is gone is left out). */
export async function withFiles(tx: Db | Tx, links: FileLinkRow[]): Promise<FileRow[]> {
  const byId = await describeFiles(
    tx,
    links.map((l) => l.fileId),
  );
  return links.flatMap((link) => {
    const file = byId.get(link.fileId);
    if (!file) return [];
    return [
      {
        ...link,
        storageKey: file.key,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        uploadedBy: file.ownerId,
      },
    ];
  });
}

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
