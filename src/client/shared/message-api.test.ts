import { describe, expect, it } from 'vitest';
import { messageThreadApi } from './message-api.js';

describe('messageThreadApi', () => {
  it("goes through the caller's own call, so the inbox's 401 handling sees the thread's calls", async () => {
    const seen: string[] = [];
    const call = (path: string, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${path}`);
      return Promise.resolve(
        init?.method === 'POST'
          ? { id: 'm2', body: 'Merci', createdAt: '2026-11-26T10:00:00Z', files: [] }
          : { messages: [{ id: 'm1', body: 'Hello', createdAt: '2026-11-26T09:00:00Z', files: [] }] },
      );
    };
    const thread = messageThreadApi('/api/orders/o1', call);
    expect((await thread.list()).map((m) => m.id)).toEqual(['m1']);
    expect((await thread.send('Merci', null)).id).toBe('m2');
    expect(seen).toEqual(['GET /api/orders/o1/messages', 'POST /api/orders/o1/messages']);
    expect(thread.fileUrl('f1', true)).toBe('/api/orders/o1/message-files/f1?preview=1');
  });
});
