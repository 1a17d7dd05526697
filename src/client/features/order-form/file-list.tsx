import { useSyncExternalStore } from 'react';
import { extensionOf } from '../../../shared/attachment-names.js';
import { FileButton } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import { randomId } from '../../shared/random-id.js';
import { useFormContext } from './form-context.js';
import type { FileEntry } from './order-state.js';
import { toEntries } from './file-entries.js';

/** A multi-file control with its list: the size check, previews and announcements in one place. */
export function FilePicker({
  label,
  files,
  onAdd,
  onRemove,
}: {
  label: string;
  files: FileEntry[];
  onAdd: (entries: FileEntry[]) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useOrderFormText();
  const { maxFileBytes, announce } = useFormContext();
  return (
    <>
      <FileButton
        label={label}
        multiple
        maxBytes={maxFileBytes}
        tooLarge={t.files.tooLarge}
        onFiles={(chosen) => {
          onAdd(toEntries(chosen, randomId));
          announce(t.files.added(chosen.length));
        }}
      />
      <FileList
        files={files}
        onRemove={(id) => {
          onRemove(id);
          announce(t.files.removed(files.find((f) => f.id === id)?.file.name ?? ''));
        }}
      />
    </>
  );
}

function FileList({ files, onRemove }: { files: FileEntry[]; onRemove: (id: string) => void }) {
  const { t } = useOrderFormText();
  if (files.length === 0) return null;
  return (
    <ul className="file-list" aria-label={t.files.chosen(files.length)}>
      {files.map((f) => (
        <li key={f.id} className="file-item">
          {f.previewUrl ? (
            <img className="file-preview" src={f.previewUrl} alt="" width={48} height={48} />
          ) : (
            <span className="file-icon" aria-hidden="true">
              {extensionOf(f.file.name, f.file.type).slice(0, 4).toUpperCase()}
            </span>
          )}
          <span className="file-name">{f.file.name}</span>
          <span className="file-size">{t.files.size(f.stored?.size ?? f.file.size)}</span>
          <UploadState entry={f} />
          <button
            type="button"
            className="button-link"
            onClick={() => onRemove(f.id)}
            aria-label={t.files.remove(f.file.name)}
          >
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A file's background upload: uploading n %, done, paused, or failed with a Retry button. */
export function UploadState({ entry }: { entry: FileEntry }) {
  const { t } = useOrderFormText();
  const { uploads } = useFormContext();
  const status = useSyncExternalStore(uploads?.subscribe ?? noSubscription, () => uploads?.statusOf(entry.id) ?? null);
  if (entry.stored) return <span className="upload-state upload-done">{t.uploads.stored}</span>;
  if (!uploads || !status) return null;
  const text =
    status.phase === 'uploading'
      ? t.uploads.uploading(status.total ? Math.floor((status.sent / status.total) * 100) : 0)
      : t.uploads[status.phase];
  return (
    <span className={`upload-state upload-${status.phase}`}>
      {text}
      {status.phase === 'failed' && (
        <button
          type="button"
          className="button-link"
          onClick={() => uploads.retry(entry.id)}
          aria-label={t.uploads.retryLabel(entry.file.name)}
        >
          {t.uploads.retry}
        </button>
      )}
    </span>
  );
}

const noSubscription = () => () => {};
