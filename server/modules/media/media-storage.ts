import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where picture files live: keys like `media/{id}/{width}.webp`. Local disk by default; an
 * S3-compatible bucket when configured, so several instances share the same pictures.
 */
export interface MediaStorage {
  /** Stores every file or none: on failure, whatever was written is removed before rethrowing. */
  putAll(files: { key: string; data: Buffer }[]): Promise<void>;
  /** The file's bytes, or undefined when there is no such key. */
  get(key: string): Promise<Buffer | undefined>;
  deleteAll(keys: string[]): Promise<void>;
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset: AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path rather than the host name (most self-hosted services need this). */
  forcePathStyle: boolean;
}

/**
 * Files under `root`. Each file is written to a temporary name beside its final place and renamed
 * into it (a rename within a folder is atomic), so a reader never sees half a picture and a crash
 * leaves at most a temporary file, never a wrong one.
 */
export class DiskMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async putAll(files: { key: string; data: Buffer }[]): Promise<void> {
    const written: string[] = [];
    try {
      for (const file of files) {
        const target = this.pathOf(file.key);
        await mkdir(dirname(target), { recursive: true });
        const temporary = `${target}.${randomUUID()}.tmp`;
        try {
          await writeFile(temporary, file.data, { flag: 'wx' });
          await rename(temporary, target);
        } finally {
          await rm(temporary, { force: true });
        }
        written.push(file.key);
      }
    } catch (error) {
      await this.deleteAll(written);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async deleteAll(keys: string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      await rm(this.pathOf(key), { force: true });
      folders.add(dirname(this.pathOf(key)));
    }
    // A picture's folder goes with its last file (rmdir of a non-empty folder fails, harmlessly).
    for (const folder of folders) await rm(folder, { recursive: false, force: true }).catch(() => undefined);
  }

  /** Keys are built by the service from a UUID and a number, never from a client's text. */
  private pathOf(key: string): string {
    return join(this.root, ...key.split('/'));
  }
}

/** Files in an S3-compatible bucket; a failed upload deletes the objects it had already put. */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: several S3-compatible services reject the
      // newer default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putAll(files: { key: string; data: Buffer }[]): Promise<void> {
    const written: string[] = [];
    try {
      for (const file of files) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.config.bucket,
            Key: file.key,
            Body: file.data,
            ContentType: 'image/webp',
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
        written.push(file.key);
      }
    } catch (error) {
      await this.deleteAll(written).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!answer.Body) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async deleteAll(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.config.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }

  close(): void {
    this.client.destroy();
  }
}

/** A picture's address never serves different bytes (a new upload gets a new id). */
/** The storage the configuration names: the S3-compatible bucket, else files under DATA_DIR. */
export function mediaStorageFor(s3: S3StorageConfig | undefined, dataDir: string): MediaStorage {
  return s3 ? new S3MediaStorage(s3) : new DiskMediaStorage(dataDir);
}

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
