// The floor's first move starts the order (docs/production.md, "The status follows the floor"):
// when the move meets the gate (the deposit due, no approved quote), the server refuses it
// (409 gate_closed) and this asks for the reason with the order page's own status dialog, then
// makes the move again with it. A reason refused keeps the dialog open with why.
import { useState, type ReactNode } from 'react';
import type { StatusPreview } from '../../../../shared/inbox-api.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi } from '../session.js';
import { StatusDialog, type StatusChoice } from '../status-dialog.js';

type Retry = (override: { reason: string }) => Promise<void>;

export function useStartGate(): {
  /** True when the error was the gate's: the dialog is opened and `retry` is made once confirmed. */
  ask: (err: unknown, orderId: string, retry: Retry) => Promise<boolean>;
  dialog: ReactNode;
} {
  const api = useInboxApi();
  const [pending, setPending] = useState<{ preview: StatusPreview; refusal: ApiError | null; retry: Retry } | null>(
    null,
  );
  const [saving, setSaving] = useState(false);

  const ask = async (err: unknown, orderId: string, retry: Retry) => {
    if (!(err instanceof ApiError && err.code === 'gate_closed')) return false;
    try {
      setPending({ preview: await api.statusPreview(orderId, 'in_production'), refusal: null, retry });
    } catch {
      return false;
    }
    return true;
  };

  const confirm = async (choice: StatusChoice) => {
    if (!pending) return;
    setSaving(true);
    try {
      await pending.retry(choice.override ?? { reason: '' });
      setPending(null);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) setPending({ ...pending, refusal: err });
      else setPending(null);
    } finally {
      setSaving(false);
    }
  };

  return {
    ask,
    dialog: pending && (
      <StatusDialog
        status="in_production"
        preview={pending.preview}
        refusal={pending.refusal}
        saving={saving}
        onConfirm={(choice) => void confirm(choice)}
        onCancel={() => setPending(null)}
      />
    ),
  };
}
