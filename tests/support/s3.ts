// A bucket of its own on the real S3 server of the tests (Ceph RGW: scripts/s3-server.sh), from
// TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY; skipped, with a
// printed line, when they are unset.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { FilesLocation } from '../../src/server/config.js';
import { createS3Client, type S3Location } from '../../src/server/files/s3-client.js';

export const S3_ENDPOINT = process.env.TEST_S3_ENDPOINT ?? '';

/** True when an S3 server is configured; logs once why S3 tests are skipped otherwise. */
export function hasS3(): boolean {
  if (!S3_ENDPOINT) {
    console.log(
      'S3 tests skipped: set TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY (scripts/s3-server.sh start prints them) to run them.',
    );
    return false;
  }
  return true;
}

/** The environment that points the app at `bucket/prefix` on the test server. */
export function s3Env(bucket: string, prefix = 'orders'): Record<string, string> {
  return {
    FILES_URL: `s3://${bucket}/${prefix}`,
    AWS_ENDPOINT_URL_S3: S3_ENDPOINT,
    AWS_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    AWS_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    AWS_REGION: 'us-east-1',
  };
}

export function s3Location(bucket: string, prefix = 'orders', overrides: Partial<S3Location> = {}): S3Location {
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: S3_ENDPOINT,
    region: 'us-east-1',
    credentials: {
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    },
    timeoutMs: 30_000,
    ...overrides,
  } satisfies FilesLocation;
}

export interface TestBucket {
  name: string;
  client: S3Client;
  /** Every key in the bucket (below `prefix`). */
  keys: (prefix?: string) => Promise<string[]>;
  /** Empties and removes the bucket. */
  remove: () => Promise<void>;
}

/** A new bucket with a random name. */
export async function freshBucket(): Promise<TestBucket> {
  const name = `aof-test-${randomBytes(6).toString('hex')}`;
  const client = createS3Client(s3Location(name));
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const keys = async (prefix = '') => {
    const all: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) all.push(o.Key!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return all;
  };
  return {
    name,
    client,
    keys,
    remove: async () => {
      const open = await client.send(new ListMultipartUploadsCommand({ Bucket: name }));
      for (const u of open.Uploads ?? [])
        await client.send(new AbortMultipartUploadCommand({ Bucket: name, Key: u.Key, UploadId: u.UploadId }));
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: name, Key }));
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
    },
  };
}

/**
 * A TCP relay in front of the test S3 server that can freeze, as a paused or unreachable store
 * would look to the app: once paused, no byte passes either way until resume().
 */
export interface PausableRelay {
  endpoint: string;
  /** Freezes every connection, now or once this many bytes went towards S3. */
  pause: (afterBytes?: number) => void;
  resume: () => void;
  /** Bytes that went through so far, each way: the app's traffic with S3. */
  bytes: () => { towardsS3: number; fromS3: number };
  close: () => Promise<void>;
}

export async function startPausableRelay(target = S3_ENDPOINT): Promise<PausableRelay> {
  const { hostname, port } = new URL(target);
  let paused = false;
  let pauseAt = Infinity;
  let sent = 0;
  let received = 0;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const relay = (from: net.Socket, to: net.Socket, towardsS3: boolean) => {
    from.on('data', (chunk: Buffer) => {
      if (towardsS3) {
        sent += chunk.length;
        if (sent >= pauseAt) paused = true;
      } else received += chunk.length;
      if (paused) held.push(() => to.destroyed || to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    relay(client, upstream, true);
    relay(upstream, client, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    pause: (afterBytes = 0) => {
      pauseAt = sent + afterBytes;
      if (afterBytes === 0) paused = true;
    },
    resume: () => {
      paused = false;
      pauseAt = Infinity;
      for (const write of held.splice(0)) write();
    },
    bytes: () => ({ towardsS3: sent, fromS3: received }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
