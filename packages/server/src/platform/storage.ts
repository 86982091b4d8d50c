import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** The file port: local disk by default (S3-compatible bucket later, same interface). */
export interface Storage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export function createDiskStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    const full = resolve(join(root, key));
    // keys are ours, but a key must never climb out of the storage root
    if (!full.startsWith(root + sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes);
    },
    async get(key) {
      const full = pathOf(key);
      try {
        await stat(full);
      } catch {
        return null;
      }
      return createReadStream(full);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
