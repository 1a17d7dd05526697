// The list's query (search, status, payment, what needs the clerk, page), kept in the address bar
// so a reload or a shared link keeps it, and the page of orders the server answers for it (each row
// with its flags, the customer's unread messages counted among them).
import { useEffect, useState } from 'react';
import { listQueryString, parseListQuery, type OrderList, type OrderListQuery } from './api.js';
import { useInboxApi } from './session.js';

const readQuery = (): OrderListQuery => parseListQuery(window.location.search);

export function useOrderList() {
  const api = useInboxApi();
  const [query, setQuery] = useState(readQuery);
  const [list, setList] = useState<OrderList | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const qs = listQueryString(query);
    window.history.replaceState(null, '', `/inbox${qs ? `?${qs}` : ''}`);
    let current = true;
    api.orders(query).then(
      (l) => current && (setList(l), setError(null)),
      (err: unknown) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [query, api]);

  return { query, setQuery, list, error };
}
