import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/storage';

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) with one bucket, so the bucket path
 * of the storage port runs against the S3 protocol in tests. s3rver checks signatures but not POST policy
 * conditions: the size limit of a presigned POST is enforced by S3 itself and re-checked by our server.
 */
export async function startS3Server(): Promise<{
  settings: S3Settings;
  client: S3Client;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(join(tmpdir(), 'facet-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket: 'facet-test-bucket',
    region: 'eu-central-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    settings,
    client,
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
