// FILES_URL and the AWS_* variables, checked at start-up like every setting.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseFilesUrl } from '../config.js';
import { createFileStore } from './create-file-store.js';
import { LocalFileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';

describe('FILES_URL', () => {
  it('reads a bucket and a prefix without slashes at its ends', () => {
    expect(parseFilesUrl('s3://orders')).toEqual({ bucket: 'orders', prefix: '' });
    expect(parseFilesUrl('s3://orders/')).toEqual({ bucket: 'orders', prefix: '' });
    expect(parseFilesUrl('s3://my.orders-1/shop/prod/')).toEqual({ bucket: 'my.orders-1', prefix: 'shop/prod' });
    for (const bad of [
      'orders',
      'http://orders/x',
      's3://',
      's3://Orders',
      's3://ab',
      's3://orders/a//b',
      's3://orders/a/../b',
    ])
      expect(parseFilesUrl(bad), bad).toBeNull();
  });

  it('keeps DATA_DIR/files when empty, and makes the S3 store from the AWS variables otherwise', () => {
    const local = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(local.filesLocation).toEqual({ kind: 'local' });
    expect(createFileStore(local)).toBeInstanceOf(LocalFileStore);

    const s3 = loadConfig({
      DATA_DIR: '/tmp/x',
      FILES_URL: 's3://orders/shop',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:7480',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_REGION: 'ca-central-1',
    });
    expect(s3.filesLocation).toEqual({
      kind: 's3',
      bucket: 'orders',
      prefix: 'shop',
      endpoint: 'http://127.0.0.1:7480',
      region: 'ca-central-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      timeoutMs: 30_000,
    });
    const store = createFileStore(s3);
    expect(store).toBeInstanceOf(S3FileStore);
    expect((store as S3FileStore).filesPrefix).toBe('shop/files/');
  });

  it('stops start-up with the variable named when a value is wrong', () => {
    expect(() => loadConfig({ FILES_URL: '/mnt/files' })).toThrow(/FILES_URL: must be s3:\/\/bucket/);
    expect(() => loadConfig({ FILES_URL: 's3://orders', AWS_ENDPOINT_URL_S3: 'not a url' })).toThrow(
      /AWS_ENDPOINT_URL_S3/,
    );
    expect(() => loadConfig({ FILES_URL: 's3://orders', AWS_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILES_URL: 's3://orders', AWS_ACCESS_KEY_ID: 'key' })).toThrow(/AWS_ACCESS_KEY_ID/);
  });
});
