// One S3 client made from FILES_URL and the AWS_* variables, for the file store and the
// resumable uploads alike (docs/architecture.md, the file store's two backends).
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { FilesLocation } from '../config.js';

export type S3Location = Extract<FilesLocation, { kind: 's3' }>;

/** The client's settings; `maxAttempts: 1` for uploads whose body is a stream that cannot be replayed. */
export function s3ClientConfig(location: S3Location, maxAttempts = 3): S3ClientConfig {
  return {
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    // Self-hosted stores (Ceph RGW, MinIO, Garage) are addressed by path; AWS by host name.
    forcePathStyle: Boolean(location.endpoint),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Checksums only where the API requires them: S3-compatible stores that predate the
    // SDK's default trailing checksums (Ceph RGW 16) refuse streamed bodies otherwise.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts,
    // A store that stops answering (stopped, paused, unreachable) fails the request after this
    // long without a byte, so an order is refused with 503 instead of waiting forever.
    requestHandler: {
      connectionTimeout: location.timeoutMs,
      requestTimeout: location.timeoutMs,
      throwOnRequestTimeout: true,
    },
  };
}

export function createS3Client(location: S3Location, maxAttempts = 3): S3Client {
  return new S3Client(s3ClientConfig(location, maxAttempts));
}

/** Joins the FILES_URL prefix and a key below it. */
export function keyUnder(prefix: string, key: string): string {
  return prefix ? `${prefix}/${key}` : key;
}
