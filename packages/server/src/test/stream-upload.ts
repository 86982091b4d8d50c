import { request as httpRequest } from 'node:http';

export interface StreamedUpload {
  status: number;
  body: string;
  /** The most buffer memory this process held above its start while sending (client and server share it). */
  peakBytes: number;
}

/**
 * Sends one generated file (`head` and then filler up to `totalBytes`) as a multipart upload over real
 * HTTP, chunk by chunk, sampling this process's buffer memory. When the server answers before the body
 * is sent (a refusal), the rest is not sent, as a browser does on an early answer.
 */
export function streamUpload(options: {
  url: string;
  cookie: string;
  field: string;
  name: string;
  head: Uint8Array;
  totalBytes: number;
}): Promise<StreamedUpload> {
  const { url, cookie, field, name, head, totalBytes } = options;
  return new Promise((resolve, reject) => {
    const boundary = '----facetstream' + Math.random().toString(16).slice(2);
    const start = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    );
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = 0;
    let answered = false;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
    }, 5);
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': start.length + totalBytes + end.length,
        },
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          clearInterval(sampler);
          if (!req.writableFinished) req.destroy();
          resolve({ status: res.statusCode ?? 0, body, peakBytes: peak });
        });
      },
    );
    req.on('error', (err) => {
      clearInterval(sampler);
      if (!answered) reject(err);
    });
    req.write(start);
    req.write(head);
    let left = totalBytes - head.length;
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(end);
    };
    pump();
  });
}
