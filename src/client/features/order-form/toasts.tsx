// The toasts that say how a submission went (docs/product.md, Messages after submitting): success and cancel politely,
// failure as an alert.
import type { ReactNode } from 'react';
import { useOrderFormText } from './messages.js';
import type { SubmitNotice } from './use-submit-order.js';

export function Toasts({ notice, onDismiss }: { notice: SubmitNotice; onDismiss: () => void }) {
  const { t, language } = useOrderFormText();
  const reason = notice?.kind === 'failure' ? notice.reason : undefined;
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite">
        {notice?.kind === 'success' && (
          <Toast tone="success" onDismiss={onDismiss}>
            <p>{t.submit.success}</p>
            <p className="small">{t.submit.reference(notice.reference)}</p>
            <p className="small">
              <a href="/my-orders">{t.submit.myOrders}</a>
            </p>
          </Toast>
        )}
        {notice?.kind === 'cancelled' && (
          <Toast tone="neutral" onDismiss={onDismiss}>
            <p>{t.submit.cancelled}</p>
          </Toast>
        )}
      </div>
      <div className="toast-region" role="alert">
        {notice?.kind === 'failure' && (
          <Toast tone="failure" onDismiss={onDismiss}>
            <p>{t.submit.failure}</p>
            {notice.reload && <p className="small">{t.submit.expired}</p>}
            {reason && <p className="small">{language === 'fr' && reason.fr ? reason.fr : reason.en}</p>}
          </Toast>
        )}
      </div>
    </>
  );
}

function Toast({
  tone,
  onDismiss,
  children,
}: {
  tone: 'success' | 'neutral' | 'failure';
  onDismiss: () => void;
  children: ReactNode;
}) {
  const { t } = useOrderFormText();
  return (
    <div className={`toast toast-${tone}`}>
      {children}
      <button type="button" className="button-link" onClick={onDismiss}>
        {t.submit.dismiss}
      </button>
    </div>
  );
}
