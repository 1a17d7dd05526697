// Adding and taking back an order's proofs, with what the last one did (for the live region).
import { useState } from 'react';
import { messageOf } from '../../shared/api-error.js';
import { errorText, useInboxText } from './messages.js';
import { useQuoteText } from './quote-messages.js';
import { useInboxApi } from './session.js';

/** `onChanged` runs after a proof was added or removed: the quote's proofs are to be read again. */
export function useProofs(orderId: string, onChanged: () => void) {
  const { t, language } = useQuoteText();
  const inbox = useInboxText().t;
  const api = useInboxApi();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const upload = async (layout: number, file: File) => {
    setStatus(t.uploading);
    setError('');
    try {
      await api.uploadProof(orderId, layout, file);
      setStatus(t.uploaded(file.name));
      onChanged();
    } catch (err) {
      setStatus('');
      setError(messageOf(err, language));
    }
  };

  const remove = async (proofId: string, name: string) => {
    setError('');
    try {
      await api.removeProof(orderId, proofId);
      setStatus(t.removed(name));
      onChanged();
    } catch (err) {
      setStatus('');
      setError(errorText(err, inbox));
    }
  };

  return {
    status,
    error,
    upload: (layout: number, file: File) => void upload(layout, file),
    remove: (proofId: string, name: string) => void remove(proofId, name),
  };
}
