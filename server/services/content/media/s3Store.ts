/**
 * Media bytes in an S3-compatible bucket, through the AWS SDK v3 client. Same contract as the disk
 * store (store.contract.test.ts): the key is MEDIA_S3_PREFIX + the media path, and only paths of
 * MEDIA_PATH_PATTERN reach the bucket. Reads still go through our server (GET /media/… checks the
 * signed token first), so the bucket stays private and needs no public access or CORS.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { MEDIA_PATH_PATTERN, MEDIA_TYPES } from '@common/api/media';
import type { MediaS3Config } from '../../../config';
import type { MediaStore } from './store';

const MIME_OF_EXTENSION = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([mime, ext]) => [ext, mime])) as Record<string, string>;

export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;

  constructor(
    private readonly config: MediaS3Config,
    options: { maxAttempts?: number } = {},
  ) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      // The SDK's default CRC32 checksums on every request are refused by several S3-compatible
      // services; on AWS itself keep them.
      ...(config.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  /** The object key of a media path; anything else is refused before a request is made. */
  key(path: string): string {
    if (!MEDIA_PATH_PATTERN.test(path)) throw new Error(`Not a media path: ${path}`);
    return `${this.config.prefix}${path}`;
  }

  async put(path: string, bytes: Buffer): Promise<void> {
    const key = this.key(path);
    // One PUT replaces an object whole: readers see the old bytes or the new, never a mix.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: MIME_OF_EXTENSION[path.split('.').pop()!] ?? 'application/octet-stream',
      }),
    );
  }

  async get(path: string): Promise<Buffer | null> {
    const key = this.key(path);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (err) {
      // NoSuchKey when the credentials may list the bucket; a bare 404 from some compatible services.
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async remove(path: string): Promise<void> {
    // S3 answers 204 for a key that is not there, so removing twice is harmless, as on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(path) }));
  }

  /** Closes the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
