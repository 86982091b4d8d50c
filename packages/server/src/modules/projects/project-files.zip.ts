import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Storage } from '../../platform/storage';

/** Zips stored files into one stream as it is read (a file at a time, never the whole zip in memory). */

/** Names made unique without regard to case: 'a.stl', 'a (2).stl', 'a (3).stl'. */
function uniqueNames() {
  const used = new Set<string>();
  return (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1)
      candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** Streams the stored files `entries` as one zip; a key no longer in storage is left out. */
export function zipStoredFiles(storage: Storage, entries: { name: string; key: string }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const uniqueName = uniqueNames();
  void (async () => {
    try {
      for (const entry of entries) {
        const source = await storage.get(entry.key);
        if (!source) continue;
        const file = new ZipDeflate(uniqueName(entry.name), { level: 6 });
        zip.add(file);
        for await (const chunk of source) file.push(chunk as Uint8Array);
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** A download name from a project title: word characters, dashes and spaces, at most 60. */
export const safeFileTitle = (title: string) =>
  title
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .slice(0, 60) || 'project';
