// Whether the form was opened to repeat a past order ("Order again" in My orders sends
// /?reorder=<order id>&sizes=keep): read with the page, so only then is the reorder chunk loaded.
export interface ReorderRequest {
  orderId: string;
  keepSizes: boolean;
}

export function reorderRequestOf(search: string): ReorderRequest | null {
  const params = new URLSearchParams(search);
  const orderId = params.get('reorder');
  return orderId ? { orderId, keepSizes: params.get('sizes') === 'keep' } : null;
}
