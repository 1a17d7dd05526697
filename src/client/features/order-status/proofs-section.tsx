// The shop's proofs for the current quote, layout by layout, beside the artwork the customer sent.
import { ORDER_WORDS } from '../../../shared/order-presentation.js';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import type { OrderStatusApi } from './api.js';
import { useOrderStatusText } from './messages.js';

export function ProofsSection({ view, links }: { view: CustomerOrderView; links: OrderStatusApi['links'] }) {
  const { t, language: lang } = useOrderStatusText();
  if (!view.quote) return null;
  const layouts = Object.keys(view.document.layouts)
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <section className="card" aria-labelledby="h-proofs">
      <h2 id="h-proofs">{t.proofsHeading}</h2>
      <p className="muted">{view.proofs.length > 0 ? t.proofsIntro : t.noProofs}</p>
      {layouts.map((n) => {
        const proofs = view.proofs.filter((p) => p.layout === n);
        const artwork = view.attachments.filter((a) => a.layout === n && (a.preview || a.tooComplex));
        if (proofs.length === 0 && artwork.length === 0) return null;
        return (
          <div key={n} className="proof-layout">
            <h3 id={`h-proof-layout-${n}`}>{ORDER_WORDS[lang].layoutTitle(n)}</h3>
            <div className="proof-grid">
              {proofs.map((p) => (
                <figure key={p.id} className="proof">
                  {p.isImage ? (
                    <img src={links.proofPreview(p.id)} alt={t.proofAlt(p.name)} />
                  ) : (
                    <div className="proof-file" aria-hidden="true">
                      PDF
                    </div>
                  )}
                  <figcaption>
                    <a href={links.proof(p.id)} download={p.name}>
                      {t.downloadProof(p.name)}
                    </a>
                  </figcaption>
                </figure>
              ))}
              {artwork.length > 0 && (
                <figure className="proof artwork">
                  <div className="artwork-thumbs">
                    {artwork.map((a) =>
                      a.preview ? (
                        <img key={a.id} src={links.thumbnail(a.id)} alt={a.name} width={96} height={96} />
                      ) : (
                        <span key={a.id} className="no-thumb">
                          {t.tooComplex(a.name)}
                        </span>
                      ),
                    )}
                  </div>
                  <figcaption>{t.yourArtwork}</figcaption>
                </figure>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}
