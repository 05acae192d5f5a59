import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { MediaConfig } from '../../../server/config';
import { testConfig } from './harness';
import { freePort } from './ports';

const BUCKET = 'inkwell-media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  /** The test config's media settings, with pictures in this bucket (or in one at `endpoint`). */
  mediaConfig(endpoint?: string): MediaConfig;
  /** Every object key in the bucket, sorted. */
  keys(): Promise<string[]>;
}

/**
 * A local S3-compatible server (s3rver, from npm) standing in for a bucket shared by instances,
 * running for the test file that starts it (its objects under `directory`).
 */
export async function startLocalS3(directory: string): Promise<LocalS3> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  beforeAll(async () => {
    await server.run();
  });
  afterAll(async () => {
    await server.close();
  });
  return {
    endpoint,
    mediaConfig: (at = endpoint) => ({
      ...testConfig().media,
      s3: { bucket: BUCKET, region: 'us-east-1', endpoint: at, ...CREDENTIALS, forcePathStyle: true },
    }),
    keys: async () => {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: CREDENTIALS,
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
        return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
      } finally {
        client.destroy();
      }
    },
  };
}
