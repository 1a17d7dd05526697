// Every file of the order, as downloads, with its size, type and layout, and the thumbnail the
// server made of it when there is one (pictures, PDF, AI, PSD, TIFF).
import { formatBytes } from '../../../shared/order-presentation.js';
import { formatNumber } from '../../shared/format.js';
import { inboxLinks, type Attachment } from './api.js';
import { FileLink } from './file-link.js';
import { useInboxText } from './messages.js';

export function OrderFiles({
  orderId,
  attachments,
  fileUrl,
}: {
  orderId: string;
  attachments: Attachment[];
  fileUrl: (a: Attachment) => string;
}) {
  const { t, language } = useInboxText();
  return (
    <section className="card" aria-labelledby="h-files">
      <h2 id="h-files">{t.order.files(formatNumber(attachments.length, language))}</h2>
      <ul className="file-table">
        {attachments.map((a) => (
          <li key={a.id}>
            {a.has_thumbnail && (
              <img
                className="file-thumb"
                src={inboxLinks.picture(orderId, a.id, 'thumbnail')}
                alt={t.order.previewOf(a.name)}
                width={48}
                height={48}
                loading="lazy"
              />
            )}
            <FileLink attachment={a} url={fileUrl} />
            <span className="muted small">
              {formatBytes(a.size, language)} · {a.media_type}
              {a.layout_number ? ` · ${t.order.fileLayout(a.layout_number)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
