import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from './files.tables';
import type { Storage } from '../../platform/storage';

export type FileRow = typeof files.$inferSelect;
export type FilePurpose = 'avatar' | 'portfolio';

const signatures: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  {
    type: 'image/webp',
    test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  { type: 'application/pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
];

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** What the bytes are, whatever the file name says: jpg, png, webp and pdf, or null. */
export function sniffContentType(bytes: Uint8Array): string | null {
  return signatures.find((s) => s.test(bytes))?.type ?? null;
}

const extensionTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** True when the name's extension and the content agree. */
export function contentMatchesName(name: string, bytes: Uint8Array): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const expected = extensionTypes[ext];
  return expected !== undefined && sniffContentType(bytes) === expected;
}

export function filesService(deps: { db: Db; storage: Storage }) {
  return {
    async store(input: { ownerId: string | null; purpose: FilePurpose; name: string; bytes: Uint8Array }) {
      const contentType = sniffContentType(input.bytes) ?? 'application/octet-stream';
      const ext = input.name.split('.').pop()?.toLowerCase() ?? 'bin';
      const key = `${input.purpose}/${randomUUID()}.${ext}`;
      await deps.storage.put(key, input.bytes);
      const [row] = await deps.db
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
    },
    async find(id: string) {
      return (await deps.db.select().from(files).where(eq(files.id, id)).limit(1))[0];
    },
    async open(row: FileRow) {
      return deps.storage.get(row.key);
    },
    async setOwner(id: string, ownerId: string) {
      await deps.db.update(files).set({ ownerId }).where(eq(files.id, id));
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
