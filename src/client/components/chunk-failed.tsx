// A page whose code (a lazy chunk) could not be downloaded, after a new release or on a flaky
// connection: it says so and offers to reload, instead of staying blank (docs/accessibility.md).
import { lazy, type ComponentType } from 'react';
import { browserLanguage } from '../shared/language.js';
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
