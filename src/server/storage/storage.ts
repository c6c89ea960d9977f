export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Keys look like `property-images/<uuid>.jpg` (public, served under /objects/) or
 * `financing-proofs/<uuid>.pdf` (private, served only to a round's owner and admins).
 */
export interface ObjectStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Whether the object is there, without reading it (a HEAD on S3). */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|pdf)$/;

/** Keys come from URLs, so anything but our own shape (no dots, no slashes beyond one) is refused. */
export function isValidObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeForKey(key: string): string {
  if (key.endsWith('.pdf')) return 'application/pdf';
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
