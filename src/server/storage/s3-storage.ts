import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeForKey, isValidObjectKey, type ObjectStorage, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO, Cloudflare R2, Ceph and the like; unset means AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Objects in an S3-compatible bucket (S3_BUCKET). Images are still served through /objects/ by the app. */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Path-style (/<bucket>/<key>) works on every S3-compatible server; virtual hosts need DNS per bucket.
      forcePathStyle: true,
      // The SDK's default CRC checksum headers are not understood by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    this.checkKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidObjectKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return {
        bytes: Buffer.from(await object.Body.transformToByteArray()),
        contentType: object.ContentType ?? contentTypeForKey(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidObjectKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    this.checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's keep-alive connections. */
  close(): void {
    this.client.destroy();
  }

  private checkKey(key: string): void {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
  }
}

// GET answers NoSuchKey in its XML body; HEAD has no body, so the SDK names its 404 NotFound. Other 404s
// (NoSuchBucket) are misconfiguration and stay errors.
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
