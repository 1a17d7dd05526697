import { extensionOf } from '../../shared/attachment-names.js';
import { useMessages } from '../i18n.js';
import type { FileEntry } from './order-state.js';

export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function FileList({ files, onRemove }: { files: FileEntry[]; onRemove: (id: string) => void }) {
  const t = useMessages();
  if (files.length === 0) return null;
  return (
    <ul className="file-list" aria-label={t.files.chosen(files.length)}>
      {files.map((f) => (
        <li key={f.id} className="file-item">
          {f.previewUrl ? <img className="file-preview" src={f.previewUrl} alt="" width={48} height={48} /> : <span className="file-icon" aria-hidden="true">{extensionOf(f.file.name, f.file.type).slice(0, 4).toUpperCase()}</span>}
          <span className="file-name">{f.file.name}</span>
          <span className="file-size">{formatSize(f.file.size)}</span>
          <button type="button" className="button-link" onClick={() => onRemove(f.id)} aria-label={t.files.remove(f.file.name)}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}

const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;

/** Wraps chosen files; images the browser can draw get an object URL for their preview. */
export function toEntries(files: File[], makeId: () => string): FileEntry[] {
  return files.map((file) => ({ id: makeId(), file, previewUrl: PREVIEWABLE.test(file.type) ? URL.createObjectURL(file) : null }));
}
