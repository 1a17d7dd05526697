// The messages on the order, on its own page (docs/portal.md, "Messages on an order"): the
// shared thread under the order's link, which is the key here as for the page's other answers.
import { useMemo } from 'react';
import { MAX_MESSAGE_CHARS } from '../../../shared/portal-api.js';
import { MessageThread } from '../../components/message-thread.js';
import { messageThreadApi } from '../../shared/message-api.js';
import { useOrderStatusText } from './messages.js';

export function MessagesSection({ token, timeZone }: { token: string; timeZone: string }) {
  const { t } = useOrderStatusText();
  const api = useMemo(() => messageThreadApi(`/api/o/${encodeURIComponent(token)}`), [token]);
  return (
    <section className="card" aria-labelledby="h-messages">
      <h2 id="h-messages">{t.messagesHeading}</h2>
      <MessageThread
        api={api}
        reader="customer"
        hint={t.messagesHint(MAX_MESSAGE_CHARS)}
        idPrefix="order"
        timeZone={timeZone}
      />
    </section>
  );
}
