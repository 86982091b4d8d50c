import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../platform/errors';
import { bytesOf, readUpload } from '../../platform/files/upload';
import type { ProjectsService } from './projects.service';
import {
  MAX_ATTACHMENT_BYTES,
  noFiles,
  tooManyFiles,
  type StoredUpload,
  type UploadedFile,
} from './project-files.rules';

/** The projects' upload routes on the one upload reader (small images in memory, other files streamed). */

/** Reads the files of a multipart field into memory (at most `max`, each at most `maxBytes`): small files only. */
export async function readFiles(
  request: FastifyRequest,
  field: string,
  max: number,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: () => AppError },
): Promise<UploadedFile[]> {
  const { files } = await readUpload(request, {
    field,
    max,
    maxBytes,
    tooMany: tooManyFiles,
    receive: async (file) => ({ name: file.name, bytes: await bytesOf(file.stream, maxBytes, tooLarge) }),
  });
  return files;
}

/**
 * Streams the files of the multipart field `files` into storage one after another (memory holds a
 * chunk at a time, never a file). On any refusal every file this request stored is removed.
 */
export async function streamFiles(
  request: FastifyRequest,
  projects: Pick<ProjectsService, 'receiveFile' | 'removeStored'>,
  projectId: string,
  max: number,
): Promise<StoredUpload[]> {
  const { files } = await readUpload(request, {
    field: 'files',
    max,
    maxBytes: MAX_ATTACHMENT_BYTES,
    tooMany: tooManyFiles,
    receive: (file) => projects.receiveFile(projectId, file),
    onRefusal: (stored) => projects.removeStored(stored),
  });
  if (files.length === 0) throw noFiles();
  return files;
}
