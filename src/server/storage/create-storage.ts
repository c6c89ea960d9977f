import { join } from 'node:path';
import type { Env } from '../env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR/objects. */
export function createStorage(env: Env): { storage: ObjectStorage; description: string } {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return {
      storage: new S3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      }),
      description: `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`,
    };
  }
  const root = join(env.DATA_DIR, 'objects');
  return { storage: new LocalStorage(root), description: root };
}
