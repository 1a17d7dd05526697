// A page whose code (a lazy chunk) could not be downloaded, after a new release or on a flaky
// connection: it says so and offers to reload, instead of staying blank (docs/accessibility.md).
import { lazy, type ComponentType } from 'react';
import { browserLanguage, textHook } from '../shared/language.js';
import { CHUNK_FAILED_MESSAGES } from './chunk-failed-messages.js';

function ChunkFailed() {
  const t = CHUNK_FAILED_MESSAGES[browserLanguage()];
  return (
    <main className="page">
      <div role="alert">
        <p>{t.failed}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
      </div>
    </main>
  );
}

/** React's lazy(), drawing the reload offer when the chunk fails to load. */
export function lazyOrReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => load().catch(() => ({ default: ChunkFailed as unknown as ComponentType<P> })));
}

const usePartText = textHook<(typeof CHUNK_FAILED_MESSAGES)[keyof typeof CHUNK_FAILED_MESSAGES]>(CHUNK_FAILED_MESSAGES);

/** A part of a page whose chunk could not be downloaded: said where the part goes, in the page's language. */
function PartFailed() {
  const { t } = usePartText();
  return (
    <div role="alert" className="part-failed">
      <p>{t.partFailed}</p>
      <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
        {t.reload}
      </button>
    </div>
  );
}

/** React's lazy() for a part of a page (a section shown after the customer's choice): the reload offer in its place. */
export function lazyPartOrReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => load().catch(() => ({ default: PartFailed as unknown as ComponentType<P> })));
}

/** What a lazy part shows while its chunk arrives: one line, so what follows hardly moves. */
export function PartLoading() {
  const { t } = usePartText();
  return (
    <p className="muted part-loading" role="status">
      {t.partLoading}
    </p>
  );
}
