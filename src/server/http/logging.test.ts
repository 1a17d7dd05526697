import { describe, expect, it } from 'vitest';
import { requestForLog } from './logging.js';

describe('requestForLog', () => {
  it('keeps an upload’s id to its first 8 digits: enough to follow it, not enough to reach it', () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(requestForLog({ method: 'PATCH', url: `/storage/v1/upload/resumable/${id}` }).path).toBe(
      '/storage/v1/upload/resumable/01234567…',
    );
    expect(requestForLog({ method: 'POST', url: '/storage/v1/upload/resumable' }).path).toBe(
      '/storage/v1/upload/resumable',
    );
  });
});
