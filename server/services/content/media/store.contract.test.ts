/**
 * The MediaStore contract, run against the disk store always and against the S3 store when a
 * bucket is configured in the environment (MEDIA_S3_BUCKET and the rest, as for the server; the
 * SDK's default credential chain). Without a bucket the S3 run is skipped: there is no fake S3 here.
 * The S3 run works under `{MEDIA_S3_PREFIX}bondwise-contract-test/` and removes what it writes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type MediaS3Config } from '../../../config';
import { S3MediaStore } from './s3Store';
import { createMediaStore, DiskMediaStore, type MediaStore } from './store';

/** The S3 settings of this environment, read by the server's own config module. */
const s3 = process.env.MEDIA_S3_BUCKET
  ? loadConfig({ ...process.env, NODE_ENV: 'test', JWT_SECRET: 'contract-test-secret-long-enough-for-hs256', DATA_DIR: tmpdir() }).mediaS3
  : undefined;

const newPath = (ext = 'png') => `2026/11/${randomUUID()}.${ext}`;
const bytesOf = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 256));

function contract(name: string, open: () => Promise<{ store: MediaStore; cleanup: () => Promise<void> }>) {
  describe(name, () => {
    let store: MediaStore;
    let cleanup: () => Promise<void>;
    const written: string[] = [];
    const put = async (path: string, bytes: Buffer) => {
      written.push(path);
      await store.put(path, bytes);
    };
    beforeAll(async () => ({ store, cleanup } = await open()));
    afterAll(async () => {
      for (const path of written) await store.remove(path);
      await cleanup();
    });

    it('gives back exactly the bytes put, for each path on its own', async () => {
      const [a, b] = [newPath('png'), newPath('pdf')];
      await put(a, bytesOf(70_000, 1));
      await put(b, bytesOf(10, 2));
      expect((await store.get(a))?.equals(bytesOf(70_000, 1))).toBe(true);
      expect((await store.get(b))?.equals(bytesOf(10, 2))).toBe(true);
    });

    it('answers null for a path with nothing stored', async () => {
      expect(await store.get(newPath())).toBeNull();
    });

    it('a second put replaces the bytes whole, shorter or longer', async () => {
      const path = newPath('jpg');
      await put(path, bytesOf(5_000, 3));
      await put(path, bytesOf(12, 4));
      expect((await store.get(path))?.equals(bytesOf(12, 4))).toBe(true);
      await put(path, bytesOf(9_000, 5));
      expect((await store.get(path))?.equals(bytesOf(9_000, 5))).toBe(true);
    });

    it('readers during a replace see the old bytes or the new, never a mix', async () => {
      const path = newPath('webp');
      const [before, after] = [bytesOf(2_000_000, 6), bytesOf(2_000_000, 7)];
      await put(path, before);
      const reads = Array.from({ length: 6 }, () => store.get(path));
      const [, ...seen] = await Promise.all([store.put(path, after), ...reads]);
      for (const bytes of seen) expect(bytes?.equals(before) || bytes?.equals(after)).toBe(true);
      expect((await store.get(path))?.equals(after)).toBe(true);
    });

    it('remove deletes the file, and removing it again is no error', async () => {
      const path = newPath('gif');
      await put(path, bytesOf(100, 8));
      await store.remove(path);
      expect(await store.get(path)).toBeNull();
      await expect(store.remove(path)).resolves.toBeUndefined();
    });

    it('refuses anything but a media path (traversal, names, other extensions) on every call', async () => {
      for (const bad of [
        '../../etc/passwd',
        '2026/11/../../../x.png',
        '/2026/11/a.png',
        '2026/11/chart.png',
        `2026/11/${randomUUID()}.svg`,
        '',
      ]) {
        await expect(store.put(bad, bytesOf(4, 9))).rejects.toThrow(/Not a media path/);
        await expect(store.get(bad)).rejects.toThrow(/Not a media path/);
        await expect(store.remove(bad)).rejects.toThrow(/Not a media path/);
      }
    });
  });
}

contract('disk store (DATA_DIR/media)', async () => {
  const root = await mkdtemp(join(tmpdir(), 'bw-media-store-'));
  return { store: new DiskMediaStore(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe.skipIf(!s3)('S3 store (MEDIA_S3_BUCKET configured)', () => {
  contract(`bucket ${s3?.bucket ?? ''}`, async () => {
    const store = new S3MediaStore({ ...s3!, prefix: `${s3!.prefix}bondwise-contract-test/` });
    return { store, cleanup: async () => store.close() };
  });
});

describe('choosing the store', () => {
  it('without MEDIA_S3_BUCKET the files land under DATA_DIR/media/{yyyy}/{mm}, with no temporary file left', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bw-media-choice-'));
    try {
      const store = await createMediaStore({ dataDir, mediaS3: undefined });
      expect(store).toBeInstanceOf(DiskMediaStore);
      const path = newPath();
      await store.put(path, bytesOf(64, 10));
      expect(await readdir(join(dataDir, 'media', '2026', '11'))).toEqual([path.split('/')[2]]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('with a bucket the S3 store keys each file under the prefix, and refuses a bad path before any request', async () => {
    // An address where nothing listens: a request that went out would fail with a network error.
    const config: MediaS3Config = {
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      prefix: 'bw/',
      forcePathStyle: true,
    };
    const store = await createMediaStore({ dataDir: tmpdir(), mediaS3: config });
    expect(store).toBeInstanceOf(S3MediaStore);
    const path = newPath('pdf');
    expect((store as S3MediaStore).key(path)).toBe(`bw/${path}`);
    await expect(store.get('../jwt-secret')).rejects.toThrow(/Not a media path/);
    store.close?.();
  });
});
