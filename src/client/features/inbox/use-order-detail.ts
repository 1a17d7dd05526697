// One order as the inbox shows it, and what a clerk changes on it: its status, or its deletion.
import { useCallback, useEffect, useState } from 'react';
import type { OrderDetail } from './api.js';
import { useInboxApi } from './session.js';

export function useOrderDetail(id: string) {
  const api = useInboxApi();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const reload = useCallback(() => api.order(id).then(setDetail, (err: unknown) => setError(err)), [id, api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const changeStatus = async (status: string) => {
    setSaving(true);
    try {
      await api.changeStatus(id, status);
      await reload();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return {
    detail,
    /** A refusal or a lost connection: the view shows it instead of the order. */
    error,
    saving,
    reload,
    changeStatus: (status: string) => void changeStatus(status),
    deleteOrder: (typedReference: string) => api.deleteOrder(id, typedReference),
  };
}
