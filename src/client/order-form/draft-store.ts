// Drafts that survive a reload, a crash or a closed tab: the whole form, files included,
// kept in this browser's IndexedDB (idb-keyval), never sent anywhere before Submit.
import { del, get, set } from 'idb-keyval';
import { VIEWS } from '../../shared/constants.js';
import type { FileEntry, OrderState } from './order-state.js';

const KEY = 'order-draft-v1';

interface StoredDraft {
  version: 1;
  savedAt: string;
  state: OrderState;
}

const mapFiles = (state: OrderState, map: (f: FileEntry) => FileEntry): OrderState => ({
  ...state,
  layouts: state.layouts.map((l) => ({
    ...l,
    mockupFiles: l.mockupFiles.map(map),
    poFiles: l.poFiles.map(map),
    views: Object.fromEntries(VIEWS.map((v) => [v, { ...l.views[v], file: l.views[v].file ? map(l.views[v].file) : null }])) as typeof l.views,
  })),
});

/** Object URLs die with the page: stored without them, made again on restore. */
export function toStoredState(state: OrderState): OrderState {
  return mapFiles(state, (f) => ({ ...f, previewUrl: null }));
}

export function fromStoredState(state: OrderState, previewUrlFor: (file: File) => string | null): OrderState {
  return mapFiles(state, (f) => ({ ...f, previewUrl: previewUrlFor(f.file) }));
}

export async function loadDraft(): Promise<OrderState | null> {
  const stored = (await get<StoredDraft>(KEY)) ?? null;
  return stored?.version === 1 ? stored.state : null;
}

export async function saveDraft(state: OrderState): Promise<void> {
  await set(KEY, { version: 1, savedAt: new Date().toISOString(), state: toStoredState(state) } satisfies StoredDraft);
}

export async function clearDraft(): Promise<void> {
  await del(KEY);
}
