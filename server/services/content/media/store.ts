/**
 * Where media bytes live. The disk store keeps them under DATA_DIR/media (paths come only from
 * MEDIA_PATH_PATTERN, so they cannot leave that folder); an S3-compatible bucket would implement
 * the same three calls (not built yet: docs/content.md).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_PATH_PATTERN } from '@common/api/media';

export interface MediaStore {
  put(path: string, bytes: Buffer): Promise<void>;
  get(path: string): Promise<Buffer | null>;
  remove(path: string): Promise<void>;
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
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
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
