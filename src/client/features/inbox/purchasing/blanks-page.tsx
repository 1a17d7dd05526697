// The Blanks page (docs/production.md, "Blanks and purchase orders"): the To order list by
// supplier with "Make a purchase order" for each, then the purchase orders with their PDF and
// CSV, "Mark sent", and a receiving form each (receive-form.tsx).
import { useCallback, useEffect, useState } from 'react';
import type { PurchaseOrder, ToOrderList } from '../../../../shared/purchasing/purchasing-api.js';
import { ApiError } from '../../../shared/api-error.js';
import { navigateOnClick } from '../navigation.js';
import { purchasingApi } from './purchasing-api.js';
import { usePurchasingText } from './purchasing-messages.js';
import { ReceiveForm } from './receive-form.js';

export function BlanksPage() {
  const { t, language, locale } = usePurchasingText();
  const [toOrder, setToOrder] = useState<ToOrderList | null>(null);
  const [pos, setPos] = useState<PurchaseOrder[] | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState('');

  const fail = useCallback(
    (err: unknown) => setFailure(err instanceof ApiError ? err.messageIn(language) : String(err)),
    [language],
  );
  const show = useCallback(([list, orders]: [ToOrderList, PurchaseOrder[]]) => {
    setToOrder(list);
    setPos(orders);
  }, []);
  const [accounts, setAccounts] = useState<Record<string, string>>({});
  const load = () => Promise.all([purchasingApi.toOrder(), purchasingApi.purchaseOrders()]).then(show);

  useEffect(() => {
    void Promise.all([purchasingApi.toOrder(), purchasingApi.purchaseOrders()]).then(show, fail);
    void purchasingApi
      .accounts()
      .then((a) => setAccounts(Object.fromEntries(a.accounts.map((x) => [x.supplier, x.accountNumber]))), fail);
  }, [show, fail]);

  const act = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setFailure('');
    setNotice('');
    try {
      const said = await action();
      await load();
      setNotice(said);
    } catch (err) {
      fail(err);
    } finally {
      setBusy('');
    }
  };

  const when = (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const size = (s: string) => s || t.oneSize;

  return (
    <div className="blanks-page">
      <h1>{t.heading}</h1>
      <div role="status" aria-live="polite">
        {notice && <p className="inbox-notice">{notice}</p>}
      </div>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {!toOrder || !pos ? (
        !failure && <p>{t.loading}</p>
      ) : (
        <>
          <section aria-labelledby="h-to-order">
            <h2 id="h-to-order">{t.toOrder}</h2>
            <p className="muted small">{t.toOrderIntro(toOrder.overagePercent)}</p>
            {toOrder.suppliers.length === 0 && <p>{t.nothingToOrder}</p>}
            {toOrder.suppliers.map((group) => {
              const name = group.supplier || t.noSupplier;
              return (
                <section key={group.supplier} className="blanks-supplier" aria-label={name}>
                  <h3>{t.supplierPieces(name, group.pieces)}</h3>
                  <div className="table-wrap">
                    <table>
                      <caption className="visually-hidden">{name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t.style}</th>
                          <th scope="col">{t.sku}</th>
                          <th scope="col">{t.colour}</th>
                          <th scope="col">{t.size}</th>
                          <th scope="col">{t.needed}</th>
                          <th scope="col">{t.quantity}</th>
                          <th scope="col">{t.orders}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {group.lines.map((line) => (
                          <tr key={`${line.style}|${line.colour}|${line.size}`}>
                            <th scope="row">{line.name}</th>
                            <td>{line.sku}</td>
                            <td>{line.colour}</td>
                            <td>{size(line.size)}</td>
                            <td>{line.needed}</td>
                            <td>{line.quantity}</td>
                            <td>
                              {line.orders.map((o) => `${toOrder.references[o.orderId] ?? ''} (${o.qty})`).join(', ')}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {group.supplier && (
                    <form
                      className="blanks-account"
                      onSubmit={(e) => {
                        e.preventDefault();
                        const field = e.currentTarget.elements.namedItem('account');
                        const typed = field instanceof HTMLInputElement ? field.value : '';
                        void act(`account:${group.supplier}`, async () => {
                          const saved = await purchasingApi.saveAccount(group.supplier, typed);
                          setAccounts(Object.fromEntries(saved.accounts.map((x) => [x.supplier, x.accountNumber])));
                          return t.accountSaved(group.supplier);
                        });
                      }}
                    >
                      <div className="field">
                        <label htmlFor={`account-${group.supplier}`}>{t.accountLabel(group.supplier)}</label>
                        <input
                          id={`account-${group.supplier}`}
                          name="account"
                          maxLength={60}
                          key={accounts[group.supplier] ?? ''}
                          defaultValue={accounts[group.supplier] ?? ''}
                          aria-describedby={`account-hint-${group.supplier}`}
                        />
                        <p id={`account-hint-${group.supplier}`} className="muted small">
                          {t.accountHint}
                        </p>
                      </div>
                      <button type="submit" className="button button-secondary" disabled={busy !== ''}>
                        {t.saveAccount}
                      </button>
                    </form>
                  )}
                  {group.supplier ? (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={busy !== ''}
                      onClick={() =>
                        void act(`make:${group.supplier}`, async () =>
                          t.made((await purchasingApi.make(group.supplier)).number),
                        )
                      }
                    >
                      {busy === `make:${group.supplier}` ? t.making : t.makePo(group.supplier)}
                    </button>
                  ) : (
                    <p className="muted small">{t.noSupplierHint}</p>
                  )}
                </section>
              );
            })}
            {toOrder.unread.length > 0 && (
              <>
                <h3>{t.unread}</h3>
                <ul>
                  {toOrder.unread.map((u, i) => (
                    <li key={i}>{t.unreadLine(u.reference, u.style, u.colour, u.sizes)}</li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {toOrder.changes.length > 0 && (
            <section aria-labelledby="h-changes">
              <h2 id="h-changes">{t.changesHeading}</h2>
              <p className="muted small">{t.changesIntro}</p>
              {toOrder.changes.map((change) => (
                <section key={change.poId} aria-label={change.number} className="blanks-changes">
                  <h3>{t.poHeading(change.number, change.supplier)}</h3>
                  <ul>
                    {change.lines.map((l) => (
                      <li key={`${l.orderId}|${l.style}|${l.colour}|${l.size}`}>
                        {t.changeLine(l.reference, l.style, l.colour, size(l.size), l.ordered, l.needed)}
                        {': '}
                        <strong>{l.short > 0 ? t.changeShort(l.short) : t.changeExcess(l.excess)}</strong>
                      </li>
                    ))}
                  </ul>
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== ''}
                    onClick={() =>
                      void act(`amend:${change.poId}`, async () =>
                        t.amended((await purchasingApi.amend(change.poId)).number),
                      )
                    }
                  >
                    {t.amend(change.number)}
                  </button>
                </section>
              ))}
            </section>
          )}

          {toOrder.waiting.length > 0 && (
            <section aria-labelledby="h-waiting">
              <h2 id="h-waiting">{t.waiting}</h2>
              <ul>
                {toOrder.waiting.map((job) => (
                  <li key={job.orderId}>
                    <a href={`/inbox/orders/${job.orderId}`} onClick={navigateOnClick(`/inbox/orders/${job.orderId}`)}>
                      {t.waitingLine(job.reference, job.dueOn)}
                    </a>{' '}
                    {job.short.map((s) => t.shortLine(s.style, s.colour, size(s.size), s.qty)).join('; ')}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="h-pos">
            <h2 id="h-pos">{t.purchaseOrders}</h2>
            {pos.length === 0 && <p>{t.noPurchaseOrders}</p>}
            {pos.map((po) => (
              <article key={po.id} className="blanks-po" aria-labelledby={`po-${po.id}`}>
                <h3 id={`po-${po.id}`}>{t.poHeading(po.number, po.supplier)}</h3>
                <p className="small">
                  {t.madeBy(when(po.madeAt), po.madeBy)}
                  {' · '}
                  {po.sentAt ? t.sentBy(when(po.sentAt), po.sentBy ?? '') : t.notSent}
                  {po.received && ` · ${t.allReceived}`}
                </p>
                {po.supersededBy && <p className="small">{t.supersededBy(po.supersededBy)}</p>}
                {po.references.length > 0 && <p className="small">{t.forOrders(po.references.join(', '))}</p>}
                {(po.shipTo || po.accountNumber || po.needBy) && (
                  <ul className="small blanks-po-heading">
                    {po.needBy && <li>{t.needBy(po.needBy)}</li>}
                    {po.accountNumber && <li>{t.accountOnPo(po.accountNumber)}</li>}
                    {po.shipTo && <li>{t.shipTo([po.shipTo, po.shopPhone].filter(Boolean).join(' · '))}</li>}
                  </ul>
                )}
                <p className="blanks-actions">
                  <a href={purchasingApi.pdfPath(po.id)} download>
                    {t.pdf(po.number)}
                  </a>
                  <a href={purchasingApi.csvPath(po.id)} download>
                    {t.csv(po.number)}
                  </a>
                  {!po.sentAt && !po.supersededBy && (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy !== ''}
                      onClick={() =>
                        void act(`sent:${po.id}`, async () =>
                          t.markedSent((await purchasingApi.markSent(po.id)).number),
                        )
                      }
                    >
                      {t.markSent}
                    </button>
                  )}
                </p>
                <div className="table-wrap">
                  <table>
                    <caption className="visually-hidden">{po.number}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t.sku}</th>
                        <th scope="col">{t.colour}</th>
                        <th scope="col">{t.size}</th>
                        <th scope="col">{t.ordered}</th>
                        <th scope="col">{t.received}</th>
                        <th scope="col">{t.damaged}</th>
                        <th scope="col">{t.short}</th>
                        <th scope="col">{t.note}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {po.lines.map((line) => (
                        <tr key={line.id}>
                          <th scope="row">{line.sku}</th>
                          <td>{line.colour}</td>
                          <td>{size(line.size)}</td>
                          <td>{line.quantity}</td>
                          <td>{line.received}</td>
                          <td>{line.damaged}</td>
                          <td>{line.short}</td>
                          <td className="blanks-note">{line.note}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {!po.received && !po.supersededBy && (
                  <ReceiveForm
                    // A new form after each delivery: its counts start empty again.
                    key={po.lines.map((l) => l.received).join()}
                    po={po}
                    onReceived={(number) => act(`receive:${po.id}`, async () => t.receiptSaved(number))}
                  />
                )}
              </article>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
