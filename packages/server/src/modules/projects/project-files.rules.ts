import { randomUUID } from 'node:crypto';
import { CHAT_FILE_EXTENSIONS, FILE_TOO_LARGE_MESSAGE, MAX_CHAT_FILE_BYTES } from '@facet/domain/chat';
import { AppError } from '../../platform/errors';

/** The limits, formats and refusals of project files (attachments, deliveries, item images). */

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** A file already streamed into storage by this request, not yet recorded. */
export interface StoredUpload {
  key: string;
  name: string;
  extension: string;
  sizeBytes: number;
}

export const MODEL_EXTENSIONS = ['stl', 'obj', 'ply', '3mf'];
/** Project attachments and deliveries: the chat's formats plus the 3D model files. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = [...CHAT_FILE_EXTENSIONS, ...MODEL_EXTENSIONS];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
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

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  stl: 'model/stl',
  obj: 'model/obj',
  ply: 'application/octet-stream',
  '3mf': 'model/3mf',
};

export const extensionOf = (name: string) =>
  name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';

export const contentTypeOf = (extension: string) => CONTENT_TYPES[extension] ?? 'application/octet-stream';

export const isModelFile = (name: string) => MODEL_EXTENSIONS.includes(extensionOf(name));

/** A fresh storage key for a project file (the key carries the project, never the sender's file name). */
export const newStorageKey = (projectId: string, extension: string) =>
  `projects/${projectId}/${randomUUID()}.${extension}`;

export function checkCount(files: StoredUpload[], max: number) {
  if (files.length === 0) throw noFiles();
  if (files.length > max) throw tooManyFiles(max);
}
