import { ORDER_STATUSES } from '../../../shared/constants.js';
import { statusLabel } from '../../../shared/order-presentation.js';
import { useInboxText } from './messages.js';

/** The workflow's statuses as <option>s, in order, named in the inbox's language. */
export function StatusOptions() {
  const { language } = useInboxText();
  return (
    <>
      {ORDER_STATUSES.map((s) => (
        <option key={s.value} value={s.value}>
          {statusLabel(s.value, language)}
        </option>
      ))}
    </>
  );
}
