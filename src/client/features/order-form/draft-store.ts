// Drafts that survive a reload, a crash or a closed tab: the whole form, files included,
// kept in this browser's IndexedDB (idb-keyval), never sent anywhere before Submit.
// Each file is stored once, under its own key, when it is chosen: saving the form after
// each keystroke writes only the small state, not hundreds of MB of artwork again.
import { createStore, del, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';
import { filesOf, mapFiles, type OrderState, type StoredFile } from './order-state.js';

const STATE_KEY = 'state';
const FILE_PREFIX = 'file:';

/** A file entry as the draft keeps it: the file is stored apart, under the entry's id. */
interface StoredFileEntry {
  id: string;
  file: null;
  previewUrl: null;
  /** A reused file of a past order ("Order again"): kept, so the draft still reuses it. */
  stored?: StoredFile;
}

type StoredOrderState = OrderState<StoredFileEntry>;

interface StoredDraft {
  version: 2;
  savedAt: string;
  /** The state with every file left out; each entry's id finds its file. */
  state: StoredOrderState;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore('order-form-draft', 'draft'));

/** Object URLs die with the page and files are stored apart: the state keeps neither. */
export function toStoredState(state: OrderState): StoredOrderState {
  return mapFiles(state, (f): StoredFileEntry => ({
    id: f.id,
    file: null,
    previewUrl: null,
    ...(f.stored ? { stored: f.stored } : {}),
  }));
}

/** Puts the files back (entries whose file is gone are dropped) and makes new previews. */
export function fromStoredState(
  state: StoredOrderState,
  files: Map<string, File>,
  previewUrlFor: (file: File) => string | null,
): OrderState {
  return mapFiles(state, (f) => {
    const file = files.get(f.id);
    // A reused file's File holds no bytes: nothing to preview.
    return file ? { ...f, file, previewUrl: f.stored ? null : previewUrlFor(file) } : null;
  });
}

export async function loadDraft(previewUrlFor: (file: File) => string | null): Promise<OrderState | null> {
  const stored = await get<StoredDraft>(STATE_KEY, db());
  if (stored?.version !== 2) return null;
  const ids = filesOf(stored.state).map((f) => f.id);
  const files = await getMany<File | undefined>(
    ids.map((id) => FILE_PREFIX + id),
    db(),
  );
  const byId = new Map<string, File>();
  ids.forEach((id, i) => files[i] && byId.set(id, files[i]));
  return fromStoredState(stored.state, byId, previewUrlFor);
}

// Saves and clears run one after another, so a slow write of a large file cannot race a later one.
let queue: Promise<unknown> = Promise.resolve();
const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
};

export function saveDraft(state: OrderState): Promise<void> {
  return inTurn(() => writeDraft(state));
}

export function clearDraft(): Promise<void> {
  return inTurn(async () => {
    await Promise.all((await keys(db())).map((key) => del(key, db())));
  });
}

async function writeDraft(state: OrderState): Promise<void> {
  const wanted = new Map(filesOf(state).map((f) => [FILE_PREFIX + f.id, f.file]));
  const present = new Set((await keys(db())).map(String));
  const missing = [...wanted].filter(([key]) => !present.has(key));
  if (missing.length) await setMany(missing, db());
  await set(
    STATE_KEY,
    { version: 2, savedAt: new Date().toISOString(), state: toStoredState(state) } satisfies StoredDraft,
    db(),
  );
  // Files the form no longer holds.
  await Promise.all(
    [...present].filter((key) => key.startsWith(FILE_PREFIX) && !wanted.has(key)).map((key) => del(key, db())),
  );
}
