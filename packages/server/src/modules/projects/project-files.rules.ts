import { FILE_TOO_LARGE_MESSAGE, MAX_CHAT_FILE_BYTES } from '@facet/domain/chat';
import { AppError } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/files/files.service';
import { extensionOf } from '../../platform/files/content-check';

/** The limits, formats and refusals of project files (attachments, deliveries, item images). */

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** A file already streamed into storage by this request, not yet recorded. */
export type StoredUpload = ReceivedFile;

export const MODEL_EXTENSIONS = ['stl', 'obj', 'ply', '3mf'];
export const MAX_ATTACHMENT_BYTES = MAX_CHAT_FILE_BYTES;
export const MAX_PROJECT_ATTACHMENTS = 10;
export const MAX_DELIVERY_FILES = 20;
export const attachmentTooLarge = () => new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413);
export const tooManyFiles = (max: number) =>
  new AppError('too_many_files', `Send at most ${max} files at once.`, 400);
export const noFiles = () => new AppError('no_files', 'Choose at least one file.', 400);
export const fileEmpty = () => new AppError('file_empty', 'The file is empty.', 400);
export const MAX_ITEM_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_ITEM_IMAGES = 10;
export const itemImageTooLarge = () =>
  new AppError('file_too_large', 'Sorry, your image is too large. Maximum image size is 10mb.', 413);

export const isModelFile = (name: string) => MODEL_EXTENSIONS.includes(extensionOf(name));

/** Where a project's files are stored (the key carries the project, never the sender's file name). */
export const projectFolder = (projectId: string) => `projects/${projectId}`;

export function checkCount(files: StoredUpload[], max: number) {
  if (files.length === 0) throw noFiles();
  if (files.length > max) throw tooManyFiles(max);
}
