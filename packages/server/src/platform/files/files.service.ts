import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../errors';
import type { Storage } from '../storage';
import {
  checkContent,
  contentTypeOfName,
  extensionOf,
  SNIFF_BYTES,
  type ContentCheck,
} from './content-check';
import { files } from './files.tables';
import { peek } from './peek-stream';

/** One stored file (its bytes are in storage under `key`). */
export type FileRow = typeof files.$inferSelect;

/** What a stored file is for: the one table's kinds. */
export type FilePurpose =
  | 'avatar'
  | 'portfolio'
  | 'model-thumbnail'
  | 'project-attachment'
  | 'project-delivery'
  | 'project-image'
  | 'chat'
  | 'engraving-image'
  | 'design-inspiration'
  | 'design-image';

/** A file whose bytes are in storage, not yet recorded. */
export interface ReceivedFile {
  key: string;
  name: string;
  extension: string;
  contentType: string;
  sizeBytes: number;
}

/** How one streamed file is judged and capped, and the caller's words for its refusals. */
export interface ReceiveRules {
  /** Where the bytes go: `${folder}/${uuid}.${extension}`. */
  folder: string;
  /** Extensions taken after the content check. */
  checked: readonly string[];
  /** Extensions taken on their name alone (3D model files, judged by the mesh readers). */
  unchecked?: readonly string[];
  maxBytes: number;
  unsupported: () => AppError;
  /** A name that is accepted but content that does not match it (default: `unsupported`). */
  mismatch?: () => AppError;
  tooLarge: () => AppError;
  empty?: () => AppError;
  /** Called with the name before any byte is read (e.g. the chat's contact-details check). */
  checkName?: (name: string) => void;
}

const fileEmpty = () => new AppError('file_empty', 'The file is empty.', 400);

/** A fresh storage key: the sender's file name never reaches it. */
export const newFileKey = (folder: string, extension: string) =>
  `${folder}/${randomUUID()}.${extension || 'bin'}`;

/** Refuses a file whose content is not what its name says (or not an accepted format). */
export function assertContent(check: ContentCheck, rules: Pick<ReceiveRules, 'unsupported' | 'mismatch'>) {
  if (check.ok) return check;
  if (check.reason === 'content_mismatch' && rules.mismatch) throw rules.mismatch();
  throw rules.unsupported();
}

export interface RecordMeta {
  purpose: FilePurpose;
  ownerId: string | null;
  /** The longest name kept (default 200 characters). */
  nameLength?: number;
}

/** Records files already received into storage, in the caller's transaction (for modules' own links). */
export async function recordFileRows(
  tx: Db | Tx,
  received: ReceivedFile[],
  meta: RecordMeta,
): Promise<FileRow[]> {
  if (received.length === 0) return [];
  return tx
    .insert(files)
    .values(
      received.map((f) => ({
        key: f.key,
        name: f.name.slice(0, meta.nameLength ?? 200),
        contentType: f.contentType,
        sizeBytes: f.sizeBytes,
        ownerId: meta.ownerId,
        purpose: meta.purpose,
      })),
    )
    .returning();
}

/** The stored-file rows of these ids, by id (ids with no row are left out). */
export async function describeFiles(tx: Db | Tx, ids: string[]): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(files).where(inArray(files.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a link to a stored file shows of it, in the shape the replies use. */
export interface StoredFileFacts {
  storageKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  uploadedBy: string | null;
}

/** Links (project files, chat attachments) with their stored files' facts; a link whose file is gone is left out. */
export async function withStoredFiles<L extends { fileId: string }>(
  tx: Db | Tx,
  links: L[],
): Promise<(L & StoredFileFacts)[]> {
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

/** Deletes the stored-file rows of these ids (their links go with them); gives their storage keys. */
export async function deleteFileRows(tx: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx.delete(files).where(inArray(files.id, ids)).returning({ key: files.key });
  return gone.map((g) => g.key);
}

/**
 * The stored files of the app: one table, one way in (content checked by its first bytes, size capped
 * while streaming into storage), one way out. Modules keep only their links to a file's id.
 */
export function filesService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /** Removes stored bytes; a key already gone is fine. */
  const forget = async (keys: string[]) => {
    for (const key of keys) await storage.remove(key).catch(() => undefined);
  };

  const service = {
    /**
     * Streams one file into storage as it arrives: the name is checked before any byte is read, the
     * content by its first bytes, the size while streaming (past the cap nothing is kept). On a refusal
     * the rest of the stream is read and dropped so the answer reaches the sender.
     */
    async receive(file: { name: string; stream: Readable }, rules: ReceiveRules): Promise<ReceivedFile> {
      let discard = (): void => {
        file.stream.resume();
      };
      try {
        const named = extensionOf(file.name);
        const unchecked = rules.unchecked?.includes(named) ?? false;
        if (!unchecked && !rules.checked.includes(named)) throw rules.unsupported();
        rules.checkName?.(file.name);
        const peeked = await peek(file.stream, SNIFF_BYTES);
        discard = peeked.discard;
        if (peeked.head.byteLength === 0) throw (rules.empty ?? fileEmpty)();
        const { extension, contentType } = unchecked
          ? { extension: named, contentType: contentTypeOfName(file.name) }
          : assertContent(await checkContent(file.name, peeked.head, rules.checked), rules);
        const key = newFileKey(rules.folder, extension);
        let sizeBytes: number;
        try {
          ({ sizeBytes } = await storage.putStream(key, peeked.rest, { maxBytes: rules.maxBytes }));
        } catch (error) {
          if (error instanceof AppError && error.code === 'upload_too_large') throw rules.tooLarge();
          if (error instanceof AppError && error.code === 'upload_empty') throw (rules.empty ?? fileEmpty)();
          throw error;
        }
        return { key, name: file.name, extension, contentType, sizeBytes };
      } catch (error) {
        discard();
        throw error;
      }
    },

    /** The same checks for a small file already read into memory; its bytes go to storage whole. */
    async receiveBytes(
      file: { name: string; bytes: Uint8Array },
      rules: ReceiveRules,
    ): Promise<ReceivedFile> {
      const named = extensionOf(file.name);
      const unchecked = rules.unchecked?.includes(named) ?? false;
      if (!unchecked && !rules.checked.includes(named)) throw rules.unsupported();
      rules.checkName?.(file.name);
      if (file.bytes.byteLength === 0) throw (rules.empty ?? fileEmpty)();
      if (file.bytes.byteLength > rules.maxBytes) throw rules.tooLarge();
      const { extension, contentType } = unchecked
        ? { extension: named, contentType: contentTypeOfName(file.name) }
        : assertContent(
            await checkContent(file.name, file.bytes.subarray(0, SNIFF_BYTES), rules.checked),
            rules,
          );
      const key = newFileKey(rules.folder, extension);
      await storage.put(key, file.bytes);
      return { key, name: file.name, extension, contentType, sizeBytes: file.bytes.byteLength };
    },

    /** Stores bytes already in memory (small images) whose content was checked by the caller. */
    async store(input: {
      ownerId: string | null;
      purpose: FilePurpose;
      name: string;
      bytes: Uint8Array;
      contentType?: string;
      extension?: string;
    }) {
      const contentType = input.contentType ?? contentTypeOfName(input.name);
      const extension = input.extension ?? extensionOf(input.name);
      const key = newFileKey(input.purpose, extension);
      await storage.put(key, input.bytes);
      try {
        const [row] = await db
          .insert(files)
          .values({
            key,
            name: input.name.slice(0, 200),
            contentType,
            sizeBytes: input.bytes.byteLength,
            ownerId: input.ownerId,
            purpose: input.purpose,
          })
          .returning();
        return row!;
      } catch (error) {
        await forget([key]);
        throw error;
      }
    },

    /** Records files already received into storage (inside the caller's transaction, when given). */
    record: (tx: Db | Tx, received: ReceivedFile[], meta: RecordMeta) => recordFileRows(tx, received, meta),

    async find(id: string, tx: Db | Tx = db): Promise<FileRow | undefined> {
      return (await tx.select().from(files).where(eq(files.id, id)).limit(1))[0];
    },

    /** The rows of these ids, by id (ids with no row are left out). */
    describe: (ids: string[], tx: Db | Tx = db) => describeFiles(tx, ids),

    async open(row: FileRow) {
      return storage.get(row.key);
    },

    async setOwner(id: string, ownerId: string) {
      await db.update(files).set({ ownerId }).where(eq(files.id, id));
    },

    /** Deletes the rows of these ids (in the caller's transaction, when given); gives their storage keys. */
    deleteRows: (ids: string[], tx: Db | Tx = db) => deleteFileRows(tx, ids),

    /** Deletes rows and bytes (outside any transaction). */
    async remove(ids: string[]) {
      await forget(await service.deleteRows(ids));
    },

    /** Removes bytes received by a request that was then refused (nothing is kept). */
    forget,
  };
  return service;
}

export type FilesService = ReturnType<typeof filesService>;
