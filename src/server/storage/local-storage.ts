import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentTypeForKey, isValidObjectKey, type ObjectStorage, type StoredObject } from './storage';

/** Objects as files under DATA_DIR/objects: the embedded default. */
export class LocalStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathFor(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidObjectKey(key)) return null;
    try {
      return { bytes: await readFile(this.pathFor(key)), contentType: contentTypeForKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidObjectKey(key)) return false;
    return access(this.pathFor(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  private pathFor(key: string): string {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
    return join(this.root, key);
  }
}
