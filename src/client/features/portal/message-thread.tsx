// The messages on one order in My orders (docs/portal.md), opened on demand: the shared thread
// (components/message-thread.tsx) mounts only when the customer opens it, so My orders makes
// one request per order they look into, not one per order listed.
import { useMemo, useState } from 'react';
import { MAX_MESSAGE_CHARS } from '../../../shared/portal-api.js';
import { MessageThread as Thread } from '../../components/message-thread.js';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';

export function MessageThread({ orderId, timeZone }: { orderId: string; timeZone: string }) {
  const { t } = usePortalText();
  const [opened, setOpened] = useState(false);
  const api = useMemo(() => portalApi.messages(orderId), [orderId]);
  return (
    <details className="portal-messages" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{t.messagesTitle}</summary>
      {opened && (
        <Thread
          api={api}
          reader="customer"
          hint={t.messageHint(MAX_MESSAGE_CHARS)}
          idPrefix={orderId}
          timeZone={timeZone}
        />
      )}
    </details>
  );
}
