import { describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { readReply } from '../../shared/openapi/read-reply';
import { errorFromReply } from './api-error';
import { requestOf, wireFixtures } from './testing/wire-fixtures';

/** Every observed reply form (test/fixtures/wire/observed/) is read by the client's readers. */
const observed = wireFixtures('observed');

describe('observed reply forms: the readers take each', () => {
  it('has fixtures for every observed kind', () => {
    expect(observed.length).toBeGreaterThanOrEqual(20);
    for (const f of observed) expect(operations[f.operation], f.file).toBeDefined();
  });

  for (const f of observed.filter((x) => x.status === 200)) {
    it(`reads ${f.file} (${f.operation})`, () => {
      const reading = readReply(f.operation, f.body, requestOf(f));
      expect(
        reading.kind,
        JSON.stringify(reading.kind === 'unreadable' ? reading.error.issues[0] : ''),
      ).not.toBe('unreadable');
      // Nothing in an observed reply is dropped: every repair is a reading, never a skip.
      expect(reading.notes.filter((n) => n.kind === 'skipped')).toEqual([]);
    });
  }

  it('reads a group receipt as one acknowledgement per order of the request, ids to be looked up', () => {
    const f = observed.find((x) => x.file === 'order-place-combo-receipt.json');
    const reading = f && readReply(f.operation, f.body, requestOf(f));
    expect(reading).toMatchObject({
      kind: 'record',
      value: ['0f', '1f', '2f'].map((p) => ({
        client_order_id: `${p}1e2d3c4b5a69788796a5b4c3d2e1f0`,
        order_id: '',
        combo_order_id: '913579246801',
      })),
      notes: [{ kind: 'repaired', reader: 'request' }],
    });
    // Without the request nothing names the orders: unreadable, never a guess.
    expect(f && readReply(f.operation, f.body).kind).toBe('unreadable');
  });

  for (const f of observed.filter((x) => x.status !== 200)) {
    it(`maps the error ${f.file} to a typed error`, () => {
      const e = errorFromReply({
        status: f.status,
        bodyText: JSON.stringify(f.body),
        secrets: [],
        request: { environment: 'Webull US test', method: 'GET', path: operations[f.operation].path },
      });
      expect(e.fromServer || e.code === 'NOT_FOUND').toBe(true);
      expect(e.message.length).toBeGreaterThan(0);
      if (f.status === 417 && e.code === 'INVALID_PARAMETER') expect(e.retryable).toBe(false);
    });
  }
});

const body = (file: string) => {
  const f = observed.find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${file}`);
  return f;
};
const record = (file: string) => {
  const f = body(file);
  const reading = readReply(f.operation, f.body, requestOf(f));
  if (reading.kind !== 'record') throw new Error(`${file}: ${reading.kind}`);
  return reading;
};

describe('observed reply forms: into the records produced today', () => {
  it('bar times in ISO 8601 with +0000 become Unix ms, inside a {"result": …} envelope', () => {
    const r = record('batch-bars-enveloped.json');
    const bars = r.value as Array<{ symbol: string; bars: Array<{ time: number; close: string }> }>;
    expect(bars.map((b) => b.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(bars[0]?.bars[0]).toMatchObject({ time: Date.UTC(2026, 7, 27, 4), close: '314.58' });
    expect(r.notes.map((n) => n.reader)).toEqual(expect.arrayContaining(['envelope', 'time', 'alias']));
  });

  it('the single-symbol bars example, a bare list, reads with the symbol of its request', () => {
    const f = body('bars-bare-list.json');
    // Without the request nothing names the symbol: not read.
    expect(readReply(f.operation, f.body).kind).toBe('unreadable');
    const r = record('bars-bare-list.json');
    const bars = r.value as {
      symbol: string;
      instrument_id?: string;
      bars: Array<{ time: number; close: string }>;
    };
    expect(bars.symbol).toBe('AAPL');
    expect(bars.instrument_id).toBeUndefined();
    expect(bars.bars.map((b) => [b.time, b.close])).toEqual([
      [Date.UTC(2021, 11, 28, 9, 0, 9, 945), '179.29'],
      [Date.UTC(2021, 11, 29, 9, 0, 9, 945), '179.38'],
    ]);
    expect(r.notes.map((n) => n.reader)).toEqual(expect.arrayContaining(['request', 'time']));
  });

  it('tick times as strings of ms become numbers', () => {
    const t = record('ticks-string-time.json').value as { ticks: Array<{ time: number }> };
    expect(t.ticks.map((x) => x.time)).toEqual([1787860837871, 1787860805514]);
  });

  it('capital flow: yyyyMMdd dates and scientific amounts, totals from the per-size flows', () => {
    const rows = record('capital-flow-scientific.json').value as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({
      date: '2026-05-21',
      inflow: '1160000000',
      outflow: '1360000000',
      net_flow: '-200000000',
      large_net: '-60000000',
    });
    expect(rows[1]?.large_in).toBe('1.78524330946E8');
    expect(rows[1]?.large_net).toBe('-53698106.0293');
  });

  it('snapshot: undocumented fields kept, extend_hour_* read as the ext_ fields', () => {
    const [s] = record('snapshot-undocumented-fields.json').value as Array<Record<string, unknown>>;
    expect(s).toMatchObject({
      ext_price: '314.6288',
      ext_trade_time: 1787872115630,
      ovn_trade_time: 1787817539896,
    });
    expect(s).toMatchObject({ pe_ratio: '36.062041', quote_time: 1787872110997, list_status: 'LISTED' });
  });

  it('an order by amount: total_cash_amount as the guide writes it (text) and as a bare number', () => {
    const text = record('order-detail-amount.json');
    expect(text.value).toMatchObject({
      entrust_type: 'AMOUNT',
      total_cash_amount: '500.00',
      filled_quantity: '2.65083',
    });
    expect(text.notes).toEqual([]);
    const number = record('order-detail-amount-number.json');
    expect(number.value).toMatchObject({ entrust_type: 'AMOUNT', total_cash_amount: '100.2' });
    expect(number.notes).toMatchObject([{ kind: 'repaired', reader: 'decimal', value: 100.2 }]);
  });

  it('an instrument without margin ratios is read, not dropped', () => {
    const rows = record('instruments-without-margin.json').value as Array<{ symbol: string }>;
    expect(rows.map((r) => r.symbol)).toEqual(['AAPL', 'SSM']);
  });

  it('watchlist receipts: bare true/false, {"success": …} and a create naming its id', () => {
    for (const file of ['watchlist-update-bare-true.json', 'watchlist-add-documented-success.json']) {
      const f = body(file);
      expect(readReply(f.operation, f.body)).toMatchObject({ kind: 'receipt', receipt: { ok: true } });
    }
    const no = body('watchlist-update-bare-false.json');
    expect(readReply(no.operation, no.body)).toMatchObject({ kind: 'receipt', receipt: { ok: false } });
    const created = body('watchlist-create-id.json');
    expect(readReply(created.operation, created.body)).toMatchObject({
      kind: 'receipt',
      receipt: { ok: true, watchlistId: '12345678' },
    });
  });
});

describe('observed error shapes', () => {
  const map = (file: string) => {
    const f = body(file);
    return errorFromReply({
      status: f.status,
      bodyText: JSON.stringify(f.body),
      secrets: [],
      request: { environment: 'Webull US test', method: 'GET', path: operations[f.operation].path },
    });
  };

  it('417 OPENAPI_PARAM_ERR is an invalid parameter naming the field, never retried', () => {
    const e = map('error-param-err.json');
    expect(e).toMatchObject({
      code: 'INVALID_PARAMETER',
      serverCode: 'OPENAPI_PARAM_ERR',
      field: 'combo_type',
    });
    expect(e.retryable).toBe(false);
    expect(map('error-depth-illegal-parameter.json')).toMatchObject({
      code: 'INVALID_PARAMETER',
      field: 'depth',
    });
    expect(map('error-unsupported-period.json')).toMatchObject({
      code: 'INVALID_PARAMETER',
      serverCode: 'UNSUPPORTED_PERIOD',
      field: 'period',
    });
  });

  it('a gateway 404 says which environment and path did not answer', () => {
    const e = map('error-route-not-found.json');
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(
      'The Webull US test environment did not answer GET /openapi/market-data/stock/snapshot',
    );
    expect(e.message).toContain('Route Not Found');
  });

  it('other codes are kept as the service sent them', () => {
    expect(map('error-day-order-after-core.json').code).toBe(
      'OPENAPI_DAY_ORDER_NOT_ALLOWED_AFT_CORE_TIME_LIMIT',
    );
    expect(map('error-not-subscribed.json').code).toBe('MARKET_DATA_NOT_SUBSCRIBED');
    expect(map('error-missing-app-key.json').code).toBe('MISSING_APP_KEY');
  });
});
