// One decoration method's matrix as an editable table: quantity breaks down the side, the
// method's measure across the top, prices per piece in dollars in the cells; rows and columns
// added and removed; the setup and the method's own settings below.
import { DECORATION_METHODS, type DecorationMethod } from '../../../../shared/constants.js';
import { METHOD_MEASURES, type PriceListMethod } from '../../../../shared/prices/price-list.js';
import { LabelledNumber, NumberBox } from './price-inputs.js';
import { usePricesText } from './prices-messages.js';
import type { PriceDraft } from './use-price-draft.js';

type Methods = Record<DecorationMethod, PriceListMethod | undefined>;

/** A method's first matrix: one break, one column, one price; the clerk grows it from there. */
function starterMatrix(method: DecorationMethod): PriceListMethod {
  const measure = METHOD_MEASURES[method];
  const columns = { colours: [1], stitches: [5000], inches: [4], none: [1] }[measure];
  return {
    measure,
    breaks: [1],
    columns,
    unitCents: [[500]],
    setupCents: 0,
    ...(method === 'embroidery' ? { stitchesPerSquareInch: 1000 } : {}),
  } as PriceListMethod;
}

export function PriceMatrices({ state }: { state: PriceDraft }) {
  const { t } = usePricesText();
  const methods = (state.draft?.methods ?? {}) as Partial<Methods>;
  return (
    <>
      {DECORATION_METHODS.map((method) => {
        const m = methods[method];
        const name = t.methods[method];
        return (
          <section key={method} className="price-method" aria-labelledby={`h-method-${method}`}>
            <h2 id={`h-method-${method}`}>{name}</h2>
            {m ? <MethodMatrix method={method} matrix={m} state={state} /> : <p className="muted">{t.notPriced}</p>}
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                state.edit((d) => {
                  const all = d.methods as Partial<Methods>;
                  if (all[method]) delete all[method];
                  else all[method] = starterMatrix(method);
                })
              }
            >
              {m ? t.removeMethod(name) : t.priceMethod(name)}
            </button>
          </section>
        );
      })}
    </>
  );
}

function MethodMatrix({
  method,
  matrix,
  state,
}: {
  method: DecorationMethod;
  matrix: PriceListMethod;
  state: PriceDraft;
}) {
  const { t } = usePricesText();
  const name = t.methods[method];
  const measure = t.measureOf[method];
  const at = `methods.${method}`;
  const change = (f: (m: PriceListMethod) => void) =>
    state.edit((d) => f((d.methods as Methods)[method] as PriceListMethod));
  const error = (path: string) => state.errorAt(path);
  const key = `${state.generation}`;
  const columnName = (value: number) => `${value} ${measure}`;
  const single = matrix.measure === 'none';

  return (
    <>
      <div className="table-wrap">
        <table className="price-matrix">
          <caption>{t.matrixCaption(name, measure)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.piecesFrom}</th>
              {matrix.columns.map((column, j) => (
                <th scope="col" key={`${key}-c${j}-${matrix.columns.length}`}>
                  {single ? (
                    measure
                  ) : (
                    <NumberBox
                      path={`${at}.columns[${j}]`}
                      label={t.columnLabel(j + 1, measure)}
                      value={column}
                      kind={matrix.measure === 'inches' ? 'measure' : 'whole'}
                      serverError={error(`${at}.columns[${j}]`)}
                      onValue={(v) => change((m) => void (m.columns[j] = v ?? 0))}
                      onUnreadable={state.markUnreadable}
                    />
                  )}
                  {!single && matrix.columns.length > 1 && (
                    <button
                      type="button"
                      className="link-button small"
                      onClick={() =>
                        change((m) => {
                          m.columns.splice(j, 1);
                          for (const row of m.unitCents) row.splice(j, 1);
                        })
                      }
                    >
                      {t.removeColumn(columnName(column))}
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.breaks.map((pieces, i) => (
              <tr key={`${key}-r${i}-${matrix.breaks.length}`}>
                <th scope="row">
                  <NumberBox
                    path={`${at}.breaks[${i}]`}
                    label={t.breakLabel(i + 1)}
                    value={pieces}
                    kind="whole"
                    serverError={error(`${at}.breaks[${i}]`)}
                    onValue={(v) => change((m) => void (m.breaks[i] = v ?? 0))}
                    onUnreadable={state.markUnreadable}
                  />
                  {matrix.breaks.length > 1 && (
                    <button
                      type="button"
                      className="link-button small"
                      onClick={() =>
                        change((m) => {
                          m.breaks.splice(i, 1);
                          m.unitCents.splice(i, 1);
                        })
                      }
                    >
                      {t.removeBreak(String(pieces))}
                    </button>
                  )}
                </th>
                {matrix.columns.map((column, j) => (
                  <td key={`${key}-${i}-${j}-${matrix.columns.length}`}>
                    <NumberBox
                      path={`${at}.unitCents[${i}][${j}]`}
                      label={t.cellLabel(String(pieces), single ? measure : columnName(column), name)}
                      value={matrix.unitCents[i]?.[j]}
                      kind="dollars"
                      serverError={
                        error(`${at}.unitCents[${i}][${j}]`) ?? (j === 0 ? error(`${at}.unitCents[${i}]`) : undefined)
                      }
                      onValue={(v) => change((m) => void (m.unitCents[i]![j] = v ?? 0))}
                      onUnreadable={state.markUnreadable}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="price-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            change((m) => {
              const last = m.breaks.at(-1) ?? 0;
              m.breaks.push(Math.max(last * 2, last + 1));
              m.unitCents.push([...(m.unitCents.at(-1) ?? m.columns.map(() => 0))]);
            })
          }
        >
          {t.addBreak} ({name})
        </button>
        {!single && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              change((m) => {
                const last = m.columns.at(-1) ?? 0;
                m.columns.push(m.measure === 'stitches' ? last + 5000 : last + 1);
                for (const row of m.unitCents) row.push(row.at(-1) ?? 0);
              })
            }
          >
            {t.addColumn} ({name})
          </button>
        )}
      </div>
      <div className="price-settings" key={key}>
        <LabelledNumber
          path={`${at}.setupCents`}
          label={`${name}: ${t.setup}`}
          value={matrix.setupCents}
          kind="dollars"
          serverError={error(`${at}.setupCents`)}
          onValue={(v) => change((m) => void (m.setupCents = v ?? 0))}
          onUnreadable={state.markUnreadable}
        />
        <LabelledNumber
          path={`${at}.minimumPieces`}
          label={`${name}: ${t.minimumPieces}`}
          value={matrix.minimumPieces}
          kind="whole"
          optional
          serverError={error(`${at}.minimumPieces`)}
          onValue={(v) =>
            change((m) => {
              if (v === undefined) delete m.minimumPieces;
              else m.minimumPieces = v;
            })
          }
          onUnreadable={state.markUnreadable}
        />
        <LabelledNumber
          path={`${at}.setupWaivedFromPieces`}
          label={`${name}: ${t.setupWaived}`}
          value={matrix.setupWaivedFromPieces}
          kind="whole"
          optional
          serverError={error(`${at}.setupWaivedFromPieces`)}
          onValue={(v) =>
            change((m) => {
              if (v === undefined) delete m.setupWaivedFromPieces;
              else m.setupWaivedFromPieces = v;
            })
          }
          onUnreadable={state.markUnreadable}
        />
        {method === 'embroidery' && (
          <LabelledNumber
            path={`${at}.stitchesPerSquareInch`}
            label={`${name}: ${t.stitchesPerSquareInch}`}
            value={(matrix as { stitchesPerSquareInch?: number }).stitchesPerSquareInch}
            kind="whole"
            serverError={error(`${at}.stitchesPerSquareInch`)}
            onValue={(v) =>
              change((m) => void ((m as { stitchesPerSquareInch?: number }).stitchesPerSquareInch = v ?? 0))
            }
            onUnreadable={state.markUnreadable}
          />
        )}
      </div>
    </>
  );
}
