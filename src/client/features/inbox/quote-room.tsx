// The quote editor's proposed due date (docs/production.md, Capacity): the first business day on
// which the floor has room for the order's pieces, by method, beside every job already due. A
// failed answer shows nothing: the quote is written without it.
import { useEffect, useState } from 'react';
import type { RoomForOrder } from '../../../shared/production/production-api.js';
import { decorationLabel } from '../../../shared/order-presentation.js';
import { formatDay, formatNumber } from '../../shared/format.js';
import { useQuoteText } from './quote-messages.js';
import { useInboxApi } from './session.js';

export function QuoteRoom({ orderId }: { orderId: string }) {
  const api = useInboxApi();
  const { t, language } = useQuoteText();
  const [room, setRoom] = useState<{ orderId: string; room: RoomForOrder } | null>(null);
  useEffect(() => {
    let live = true;
    api.roomForOrder(orderId).then(
      (r) => live && setRoom({ orderId, room: r }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, orderId]);
  if (room === null || room.orderId !== orderId) return null;
  const counts = Object.entries(room.room.pieces).filter(([, n]) => n > 0);
  if (counts.length === 0) return <p className="muted small">{t.roomNoPieces}</p>;
  const pieces = counts
    .map(([method, n]) => t.roomPieces(formatNumber(n, language), decorationLabel(method, language)))
    .join('; ');
  return (
    <p className="small" data-testid="quote-room">
      {room.room.firstDay ? t.roomFirstDay(pieces, formatDay(room.room.firstDay, language)) : t.roomNone(pieces)}
    </p>
  );
}
