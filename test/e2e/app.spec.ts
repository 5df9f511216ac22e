import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPrice } from '../../renderer/lib/format';
import { launchApp, type RunningApp } from './harness';
import { placeRestingOrder } from './trading';

/**
 * The real built main + preload + renderer, through the Electron stand-in, on the embedded
 * sandbox: startup, a signed call, live quotes, input validation, navigation/window.open denial,
 * the sender check, and clean shutdown.
 */
test.describe.serial('Bullpen through the Electron stand-in', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await launchApp();
  });

  test.afterAll(async () => {
    const code = await app?.close();
    expect(code).toBe(0);
    const log = readFileSync(join(app.userDataDir, 'logs', 'bullpen.log'), 'utf8');
    // Clean shutdown: the engine closed (hub, streams, sandbox) before the process exited.
    expect(log).toContain('engine closed');
  });

  test('starts on the sandbox and the watchlist loads through a signed call', async () => {
    const { page } = app;
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue('sandbox');
    await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
    const rows = await page.locator('[role="row"][data-symbol]').count();
    expect(rows).toBeGreaterThan(3);
    const reply = app
      .records()
      .find(
        (r) =>
          r.type === 'reply' &&
          r.channel === 'bullpen:invoke' &&
          JSON.stringify(r.value).includes('instrument_id'),
      );
    expect(reply).toBeDefined();
    await expect(page.getByTestId('link-api')).toHaveAttribute('data-state', 'live');
    // One clock: the top bar shows the sandbox's pinned market time (10:30 New York, harness.ts),
    // not the wall clock, and names the mode.
    await expect(page.getByLabel(/^Market time 10:3\d:\d\d ET, pinned$/)).toBeVisible();
    await expect(page.getByText('PINNED', { exact: true })).toBeVisible();
  });

  test('the renderer receives live quotes: a price cell updates', async () => {
    const { page } = app;
    const symbol = await page.locator('[role="row"][data-symbol]').first().getAttribute('data-symbol');
    expect(symbol).toBeTruthy();
    const cell = page.getByTestId(`price-${symbol}`);
    await expect(cell).not.toHaveText('—');
    // Every streamed update re-renders the cell with the update's time (the price itself only
    // moves while the sandbox market is open, so time is what always advances).
    const t0 = Number(await cell.getAttribute('data-quote-time'));
    await expect
      .poll(async () => Number(await cell.getAttribute('data-quote-time')), { timeout: 20_000 })
      .toBeGreaterThan(t0);
    await expect(page.getByTestId('link-quotes')).toHaveAttribute('data-state', 'live');
    // What the cell shows is the newest price main streamed for that symbol.
    const latestStreamedPrice = () => {
      let price: string | undefined;
      for (const r of app.records()) {
        if (r.type !== 'send' || r.channel !== 'bullpen:stream') continue;
        for (const delivery of (r.args as Array<Array<{ data: unknown }>>)[0] ?? []) {
          if (!Array.isArray(delivery.data)) continue;
          for (const u of delivery.data as Array<{ symbol: string; price?: string }>)
            if (u.symbol === symbol && u.price) price = u.price;
        }
      }
      return price;
    };
    await expect.poll(async () => (await cell.innerText()) === formatPrice(latestStreamedPrice())).toBe(true);
    // Wait for a few more flushes so the screenshot shows a warm screen.
    await page.waitForTimeout(2_000);
    await page.screenshot({ path: 'test-results/app.png' });
  });

  test('one symbol shows one last price in every panel: watchlist, Quote, chart legend, movers', async () => {
    const { page } = app;
    // The default workspace links the watchlist, the Quote panel and the chart (docs/ui.md).
    const symbol = (await page.getByRole('heading', { name: /^Chart [A-Z]+$/ }).innerText()).slice(6);
    const cell = page.getByTestId(`price-${symbol}`);
    const quote = page.getByRole('region', { name: /^Quote/ });
    await expect(quote.getByText(symbol, { exact: true })).toBeVisible();
    await expect(page.getByTestId('chart-legend').getByLabel('Close')).toBeVisible({ timeout: 20_000 });
    // All three read in one task, so no render can fall between the readings.
    const read = () =>
      page.evaluate((s) => {
        const text = (el: Element | null | undefined) => el?.textContent?.replace(/[^0-9.]/g, '') ?? '';
        const quotePanel = document.querySelector('section[aria-label="Quote"]');
        const last = [...(quotePanel?.querySelectorAll('dt') ?? [])].find((dt) => dt.textContent === 'Last');
        return {
          watchlist: text(document.querySelector(`[data-testid="price-${s}"]`)),
          quote: text(last?.nextElementSibling),
          chart: text(document.querySelector('[data-testid="chart-legend"] [aria-label="Close"]')),
          time: document.querySelector(`[data-testid="price-${s}"]`)?.getAttribute('data-quote-time') ?? '',
        };
      }, symbol);
    // After each of three streamed updates (the row's receive time moves), the three agree.
    let seen = '';
    for (let i = 0; i < 3; i++) {
      await expect.poll(async () => (await read()).time, { timeout: 20_000 }).not.toBe(seen);
      const r = await read();
      seen = r.time;
      expect(r.watchlist).not.toBe('');
      expect({ quote: Number(r.quote), chart: Number(r.chart) }).toEqual({
        quote: Number(r.watchlist),
        chart: Number(r.watchlist),
      });
    }
    await expect(cell).not.toHaveText('—');
    // A symbol of the movers page (its ranking is the page's): its row and the Quote panel agree.
    // The dearest one: its price moves by whole cents most often.
    const moverSymbol = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('section[aria-label="Movers"] tbody tr')].map((tr) => ({
        symbol: tr.querySelector('td span')?.textContent ?? '',
        last: Number(tr.querySelectorAll('td')[1]?.textContent?.replace(/[^0-9.]/g, '')),
      }));
      return rows.sort((a, b) => b.last - a.last)[0]?.symbol ?? '';
    });
    const mover = page
      .getByRole('region', { name: 'Movers' })
      .locator('tbody tr')
      .filter({ hasText: new RegExp(`^${moverSymbol} `) });
    await mover.click();
    await expect(quote.getByText(moverSymbol, { exact: true })).toBeVisible();
    const readMover = () =>
      page.evaluate((m) => {
        const text = (el: Element | null | undefined) => el?.textContent?.replace(/[^0-9.]/g, '') ?? '';
        const dd = (name: string) =>
          [...document.querySelectorAll('section[aria-label="Quote"] dt')].find(
            (dt) => dt.textContent === name,
          )?.nextElementSibling;
        const row = [...document.querySelectorAll('section[aria-label="Movers"] tbody tr')].find(
          (tr) => tr.querySelector('td span')?.textContent === m,
        );
        return {
          movers: text(row?.querySelectorAll('td')[1]),
          quote: text(dd('Last')),
          updated: text(dd('Updated')),
        };
      }, moverSymbol);
    let updated = '';
    for (let i = 0; i < 3; i++) {
      await expect.poll(async () => (await readMover()).updated, { timeout: 20_000 }).not.toBe(updated);
      const r = await readMover();
      updated = r.updated;
      expect(r.quote).not.toBe('');
      expect(r.movers).toBe(r.quote);
    }
    // Back to where the later tests expect the link group.
    await page.locator(`[role="row"][data-symbol="${symbol}"]`).click();
    await expect(quote.getByText(symbol, { exact: true })).toBeVisible();
  });

  test('in a small window every panel header keeps its controls on screen (they wrap, none is clipped)', async () => {
    const { page } = app;
    const before = page.viewportSize();
    await page.setViewportSize({ width: 1024, height: 640 });
    try {
      // A control is clipped when its box leaves its header's (the header hides what overflows).
      const clipped = () =>
        page.evaluate(() => {
          const out: string[] = [];
          for (const header of document.querySelectorAll('section[aria-label] > header')) {
            const box = header.getBoundingClientRect();
            for (const control of header.querySelectorAll('button, select, input')) {
              const r = control.getBoundingClientRect();
              if (
                r.left < box.left - 1 ||
                r.right > box.right + 1 ||
                r.top < box.top - 1 ||
                r.bottom > box.bottom + 1
              )
                out.push(
                  `${header.parentElement?.getAttribute('aria-label')}: ${control.getAttribute('aria-label') ?? control.textContent}`,
                );
            }
          }
          return out;
        });
      await expect.poll(clipped, { timeout: 5_000 }).toEqual([]);
      await expect(
        page
          .getByRole('region', { name: 'Watchlist' })
          .getByRole('button', { name: 'Open Watchlist in a new window' }),
      ).toBeInViewport();
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  test('a panel opens in a second window on the same session and streams', async () => {
    const context = app.page.context();
    const reply = await app.page.evaluate(() =>
      window.bullpen?.invoke('window.openPanel', { panel: 'chart', symbol: 'MSFT' }),
    );
    expect(reply).toMatchObject({ ok: true });
    await expect.poll(() => context.pages().some((p) => p.url().includes('panel=chart'))).toBe(true);
    const panel = context.pages().find((p) => p.url().includes('panel=chart'));
    if (!panel) throw new Error('panel window missing');
    await expect(panel.getByRole('heading', { name: 'Chart MSFT' })).toBeVisible();
    await expect(panel.getByTestId('chart').locator('canvas').first()).toBeVisible();
    await panel.close();
    // The main window is unaffected by the panel closing.
    await expect(app.page.getByTestId('link-quotes')).toHaveAttribute('data-state', 'live');
  });

  test('a popped-out chart stays in its link group: it follows the watchlist and drives it', async () => {
    const { page } = app;
    const context = page.context();
    const before = context.pages().length;
    // What the panel header's pop-out button asks for (renderer/shell/panels/PopOutButton.tsx).
    const reply = await page.evaluate(() =>
      window.bullpen?.invoke('window.openPanel', {
        panel: 'chart',
        symbol: 'AAPL',
        category: 'US_STOCK',
        group: 'red',
      }),
    );
    expect(reply).toMatchObject({ ok: true });
    const isPopout = (url: string) => url.includes('panel=chart') && url.includes('group=red');
    await expect.poll(() => context.pages().some((p) => isPopout(p.url()))).toBe(true);
    expect(context.pages().length).toBe(before + 1);
    const popout = context.pages().find((p) => isPopout(p.url()));
    if (!popout) throw new Error('pop-out window missing');
    await expect(popout.getByRole('combobox', { name: 'Link group' })).toHaveValue('red');
    // A row chosen in the main window's watchlist moves the chart in the other window.
    const watchlist = page.getByRole('region', { name: 'Watchlist' });
    await watchlist.locator('[role="row"][data-symbol="NVDA"]').click();
    await expect(popout.getByRole('heading', { name: 'Chart NVDA' })).toBeVisible();
    // The pop-out's own choice moves the main window's group (the quote panel shows it).
    await popout.keyboard.press('Control+k');
    await popout.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('TSLA');
    await popout
      .getByRole('option', { name: /^TSLA\b/ })
      .first()
      .click();
    await expect(popout.getByRole('heading', { name: 'Chart TSLA' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Quote/ }).getByText('TSLA', { exact: true }),
    ).toBeVisible();
    await popout.close();
  });

  test('a crashed renderer is reloaded with a message, not left blank', async () => {
    const context = app.page.context();
    const cdp = await context.newCDPSession(app.page);
    await cdp.send('Page.crash').catch(() => undefined);
    await expect
      .poll(() => context.pages().some((p) => p.url().includes('recovered=crashed')), { timeout: 20_000 })
      .toBe(true);
    const page = context.pages().find((p) => p.url().includes('recovered=crashed'));
    if (!page) throw new Error('window not reloaded');
    // The dock has an (empty) assertive live region of its own: find the banner by its text.
    await expect(
      page.getByRole('alert').filter({ hasText: 'This window crashed and was reloaded' }),
    ).toBeVisible();
    await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible();
    app.page = page;
  });

  test('a trade event reaches the renderer: a placed order shows up in the activity feed', async () => {
    const { page } = app;
    await expect(page.getByTestId('link-events')).toHaveAttribute('data-state', 'live');
    await placeRestingOrder(page);
    await expect(page.getByTestId('activity')).toContainText('Placed: Buy 1 AAPL, limit 1.00');
  });

  test('invalid input gets INVALID_INPUT naming the field', async () => {
    const reply = await app.page.evaluate(() =>
      window.bullpen?.invoke('api.bars', { symbol: 'not a symbol', timespan: 'D' }),
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', retryable: false } });
    expect(JSON.stringify(reply)).toContain('symbol');
    const unknown = await app.page.evaluate(() => window.bullpen?.invoke('api.tokenCreate', {}));
    expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  test('exposes exactly one bridge object with invoke and subscribe', async () => {
    const keys = await app.page.evaluate(() => Object.keys(window.bullpen ?? {}).sort());
    expect(keys).toEqual(['invoke', 'subscribe']);
    expect(await app.page.evaluate(() => 'ipcRenderer' in window || 'require' in window)).toBe(false);
  });

  test('the page is served by the app:// protocol handler with the CSP header, and traversal is refused', async () => {
    // The stand-in serves main's app:// handler on a loopback origin (electron/standin/protocol.ts).
    const res = await app.page.evaluate(async () => {
      const page = await fetch('/index.html');
      const out = await fetch('/%2e%2e/%2e%2e/package.json');
      const escaped = await fetch('/..%2f..%2fpackage.json');
      return {
        status: page.status,
        csp: page.headers.get('content-security-policy'),
        nosniff: page.headers.get('x-content-type-options'),
        outside: [out.status, escaped.status],
      };
    });
    expect(res.status).toBe(200);
    expect(res.csp).toContain("frame-ancestors 'none'");
    expect(res.csp).toContain("form-action 'none'");
    expect(res.csp).toContain("script-src 'self'");
    expect(res.nosniff).toBe('nosniff');
    expect(res.outside).toEqual([404, 403]);
  });

  test('navigation away is denied', async () => {
    const { page } = app;
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'https://example.com/phish';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    expect(
      app
        .records()
        .some((r) => r.type === 'denied' && r.what === 'navigation' && r.url === 'https://example.com/phish'),
    ).toBe(true);
    // Main's policy: an https target leaves the app for the system browser, never inside a window.
    expect(
      app
        .records()
        .filter((r) => r.type === 'openExternal')
        .map((r) => r.url),
    ).toContain('https://example.com/phish');
    // The app is still alive and talking after the attempt.
    expect(await page.evaluate(() => window.bullpen?.invoke('settings.get', {}))).toMatchObject({ ok: true });
  });

  test('main sandboxes every renderer before ready and refuses every <webview>', async () => {
    const records = app.records();
    // app.enableSandbox() only counts before ready: the stand-in records what main had asked by then.
    expect(records.filter((r) => r.type === 'ready').map((r) => r.sandboxEnabled)).toEqual([true]);
    // Each web contents main got was asked, as Electron asks, whether a <webview> may attach.
    const webviews = records.filter((r) => r.type === 'webview');
    expect(webviews.length).toBeGreaterThan(0);
    expect(webviews.every((r) => r.refused === true)).toBe(true);
  });

  test('window.open is denied; https goes to the system browser, other schemes nowhere', async () => {
    const { page } = app;
    const pagesBefore = page.context().pages().length;
    const opened = await page.evaluate(() =>
      [window.open('https://www.webull.com/help'), window.open('http://evil.example/')].map(
        (w) => w === null,
      ),
    );
    expect(opened).toEqual([true, true]);
    await page.waitForTimeout(500);
    expect(page.context().pages().length).toBe(pagesBefore);
    const records = app.records();
    expect(records.filter((r) => r.type === 'denied' && r.what === 'window.open').map((r) => r.url)).toEqual([
      'https://www.webull.com/help',
      'http://evil.example/',
    ]);
    const external = records.filter((r) => r.type === 'openExternal').map((r) => r.url);
    expect(external).toContain('https://www.webull.com/help');
    expect(external).not.toContain('http://evil.example/');
  });

  test('a frame that is not our renderer is refused by the sender check', async () => {
    const { page } = app;
    const reply = await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>child</p>';
      document.body.appendChild(frame);
      await new Promise((r) => frame.addEventListener('load', r, { once: true }));
      const child = frame.contentWindow as (Window & { bullpen?: Window['bullpen'] }) | null;
      const result = await child?.bullpen?.invoke('settings.get', {});
      frame.remove();
      return result ?? 'no bridge in child frame';
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
