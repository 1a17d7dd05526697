// The proofs of a quote, per layout, beside the order's artwork: each one a download, with its
// Remove button until a version is sent with it; one file input per layout to add another.
import { useId } from 'react';
import type { ProofInfo, StaffQuoteVersion } from '../../../shared/quote-api.js';
import { inboxLinks, type Attachment } from './api.js';
import { useQuoteText } from './quote-messages.js';

export function QuoteProofs({
  orderId,
  proofs: allProofs,
  versions,
  attachments,
  layoutNumbers,
  status,
  error,
  onUpload,
  onRemove,
}: {
  orderId: string;
  proofs: ProofInfo[];
  /** The versions sent: a proof that went with one is kept. */
  versions: StaffQuoteVersion[];
  attachments: Attachment[];
  layoutNumbers: number[];
  /** What the last upload or removal did, for the live region. */
  status: string;
  error: string;
  onUpload: (layout: number, file: File) => void;
  onRemove: (proofId: string, name: string) => void;
}) {
  const { t } = useQuoteText();
  const uid = useId();
  /** The versions a proof went with (it stays then); none for a proof that can be taken back. */
  const sentWith = (proofId: string) =>
    versions.filter((v) => v.proofIds.includes(proofId)).map((v) => `v${v.version}`);

  return (
    <section aria-labelledby="h-proofs" className="quote-proofs">
      <h4 id="h-proofs">{t.proofsHeading}</h4>
      <p className="muted small">{t.proofsIntro}</p>
      <p role="status">{status}</p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {layoutNumbers.map((n) => {
        const proofs = allProofs.filter((p) => p.layout === n);
        const artwork = attachments.filter((a) => a.layout_number === n && a.has_thumbnail);
        const inputId = `${uid}-proof-${n}`;
        return (
          <div key={n} className="proof-row">
            <h5>{t.layoutTitle(n)}</h5>
            <div className="thumbs">
              {proofs.map((p) => (
                <figure key={p.id}>
                  {p.isImage ? (
                    <img src={inboxLinks.proofPreview(orderId, p.id)} alt={p.name} width={120} height={120} />
                  ) : (
                    <div className="no-thumb">PDF</div>
                  )}
                  <figcaption>
                    <a href={inboxLinks.proof(orderId, p.id)} download={p.name}>
                      {p.name}
                    </a>
                    {sentWith(p.id).length > 0 ? (
                      <span className="proof-kept muted small">{t.sentWith(sentWith(p.id).join(', '))}</span>
                    ) : (
                      <button
                        type="button"
                        className="button-link proof-remove"
                        aria-label={t.removeProof(p.name)}
                        onClick={() => onRemove(p.id, p.name)}
                      >
                        {t.remove}
                      </button>
                    )}
                  </figcaption>
                </figure>
              ))}
              {proofs.length === 0 && <p className="muted small">{t.noProofs}</p>}
              {artwork.map((a) => (
                <figure key={a.id}>
                  <img src={inboxLinks.picture(orderId, a.id, 'thumbnail')} alt={a.name} width={120} height={120} />
                  <figcaption>
                    {t.artwork}: {a.name}
                  </figcaption>
                </figure>
              ))}
            </div>
            <div className="field">
              <label htmlFor={inputId}>{t.uploadProof(n)}</label>
              <input
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) onUpload(n, file);
                }}
              />
            </div>
          </div>
        );
      })}
    </section>
  );
}
