/**
 * Where media bytes live. The disk store keeps them under DATA_DIR/media (paths come only from
 * MEDIA_PATH_PATTERN, so they cannot leave that folder); with MEDIA_S3_BUCKET they go to an
 * S3-compatible bucket (s3Store.ts). Both keep the contract of store.contract.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_PATH_PATTERN } from '@common/api/media';
import type { Config } from '../../../config';

export interface MediaStore {
  /** Stores the bytes at the path, replacing what was there whole (a reader sees old or new, never a mix). */
  put(path: string, bytes: Buffer): Promise<void>;
  /** The bytes at the path, or null when nothing is stored there. */
  get(path: string): Promise<Buffer | null>;
  /** Removes the file; removing a path with nothing stored is not an error. */
  remove(path: string): Promise<void>;
  /** Releases connections (the S3 client's sockets) when the server stops. */
  close?(): void;
}

/** The store the configuration asks for; the AWS SDK is loaded only when a bucket is configured. */
export async function createMediaStore(config: Pick<Config, 'dataDir' | 'mediaS3'>): Promise<MediaStore> {
  if (!config.mediaS3) return new DiskMediaStore(join(config.dataDir, 'media'));
  const { S3MediaStore } = await import('./s3Store');
  return new S3MediaStore(config.mediaS3);
}

export class DiskMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private file(path: string): string {
    if (!MEDIA_PATH_PATTERN.test(path)) throw new Error(`Not a media path: ${path}`);
    return join(this.root, path);
  }

  async put(path: string, bytes: Buffer): Promise<void> {
    const file = this.file(path);
    await mkdir(dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a file, a replace is all or nothing.
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  async get(path: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(path: string): Promise<void> {
    await rm(this.file(path), { force: true });
  }
}
