import { Readable } from 'node:stream';

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) and gives back a stream of the whole:
 * those bytes, then the rest as it comes. Only the head is held in memory.
 */
export async function peek(
  source: Readable,
  bytes: number,
): Promise<{ head: Uint8Array; rest: Readable; discard: () => void }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let held = 0;
  let done = false;
  while (held < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    held += next.value.byteLength;
  }
  const first = Buffer.concat(chunks);
  const head = new Uint8Array(first.buffer, first.byteOffset, Math.min(first.byteLength, bytes));
  let reading: Promise<IteratorResult<Buffer>> | null = null;
  const pull = () => (reading = iterator.next().finally(() => (reading = null)));
  const rest = Readable.from(
    (async function* () {
      if (first.byteLength > 0) yield first;
      if (done) return;
      for (;;) {
        const next = await pull();
        if (next.done) return;
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  /** Reads what is left of the source and drops it (after a refusal). */
  const discard = () => {
    if (done) return;
    done = true;
    rest.destroy();
    void (async () => {
      if (reading) await reading.catch(() => undefined);
      for (;;) {
        const next = await iterator.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
      }
    })();
  };
  return { head, rest, discard };
}
