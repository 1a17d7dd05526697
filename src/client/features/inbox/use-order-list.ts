// The list's query (search, status, page), kept in the address bar so a reload or a shared link
// keeps it, the page of orders the server answers for it, and the customers' unread messages by order.
import { useEffect, useState } from 'react';
import { listQueryString, type OrderList, type OrderListQuery } from './api.js';
import { useInboxApi } from './session.js';

function readQuery(): OrderListQuery {
  const p = new URLSearchParams(window.location.search);
  return {
    q: p.get('q') ?? '',
    status: p.get('status') ?? '',
    payment: p.get('payment') ?? '',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

export function useOrderList() {
  const api = useInboxApi();
  const [query, setQuery] = useState(readQuery);
  const [list, setList] = useState<OrderList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [unread, setUnread] = useState<Record<string, number>>({});

  useEffect(() => {
    const qs = listQueryString(query);
    window.history.replaceState(null, '', `/inbox${qs ? `?${qs}` : ''}`);
    let current = true;
    api.orders(query).then(
      (l) => current && (setList(l), setError(null)),
      (err: unknown) => current && setError(err),
    );
    // The customers' unread messages, asked with the page: the list works without them.
    api.unreadMessages().then(
      (counts) => current && setUnread(counts),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [query, api]);

  return { query, setQuery, list, error, unread };
}
