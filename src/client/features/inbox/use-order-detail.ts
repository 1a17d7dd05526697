// One order as the inbox shows it, and what a clerk changes on it: its status, or its deletion.
import { useCallback, useEffect, useState } from 'react';
import type { OrderDetail } from './api.js';
import { useInboxApi } from './session.js';
import { ApiError } from '../../shared/api-error.js';

export function useOrderDetail(id: string) {
  const api = useInboxApi();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const reload = useCallback(() => api.order(id).then(setDetail, (err: unknown) => setError(err)), [id, api]);
  useEffect(() => {
    void reload();
  }, [reload]);

  // In production before the deposit is in: the server asks why (409 deposit_unpaid), the clerk answers.
  const [gate, setGate] = useState<{ status: string; refusal: ApiError } | null>(null);
  const changeStatus = async (status: string, withoutDeposit?: { reason: string }) => {
    setSaving(true);
    try {
      await api.changeStatus(id, status, withoutDeposit);
      setGate(null);
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'deposit_unpaid') setGate({ status, refusal: err });
      else setError(err);
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
    gate,
    confirmWithoutDeposit: (reason: string) => gate && void changeStatus(gate.status, { reason }),
    cancelGate: () => setGate(null),
    deleteOrder: (typedReference: string) => api.deleteOrder(id, typedReference),
  };
}
