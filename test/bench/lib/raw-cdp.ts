import WebSocket from 'ws';

/**
 * Waits in a page for a condition over a bare CDP connection: one WebSocket to the browser, one
 * flat session on the page's target, one `Runtime.evaluate` of a promise. Playwright attached over
 * CDP does far more in every page it finds (its domains on every target, and its own scripts
 * evaluated in the page, tens of milliseconds of the renderer's thread), which the startup
 * benchmark would then time as part of the app's start (docs/benchmark.md "startup").
 *
 * `pageUrl` picks the page (the first page target whose URL matches, as it navigates there);
 * `expression` is evaluated in it and must give a promise of a number, which is returned. A
 * navigation that destroys the evaluation's context evaluates again in the new document (at most
 * `attempts` times). Bounded by `timeoutMs`.
 */
export async function evaluateInPage(opts: {
  browserUrl: string;
  pageUrl: RegExp;
  expression: string;
  timeoutMs: number;
  attempts?: number;
}): Promise<number> {
  const ws = new WebSocket(opts.browserUrl, { perMessageDeflate: false });
  const pending = new Map<number, { resolve: (v: CdpReply) => void; reject: (e: Error) => void }>();
  const targetUrls = new Map<string, string>();
  let nextId = 1;
  let onTargets: (() => void) | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<CdpReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const closed = () => {
    for (const p of pending.values()) p.reject(new Error('the CDP connection closed'));
    pending.clear();
  };
  ws.on('message', (data: WebSocket.RawData) => {
    const msg = JSON.parse(String(data)) as CdpMessage;
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${msg.error.message} (${msg.error.code})`));
      else p?.resolve(msg.result ?? {});
      return;
    }
    const info = msg.params?.targetInfo;
    if ((msg.method === 'Target.targetCreated' || msg.method === 'Target.targetInfoChanged') && info) {
      if (info.type === 'page') targetUrls.set(info.targetId, info.url);
      onTargets?.();
    }
  });
  ws.on('close', closed);
  ws.on('error', closed);
  try {
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`no answer from the page within ${opts.timeoutMs} ms`)),
        opts.timeoutMs,
      );
    });
    const run = async (): Promise<number> => {
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      await send('Target.setDiscoverTargets', { discover: true });
      const targetId = await new Promise<string>((resolve) => {
        const look = () => {
          for (const [id, url] of targetUrls)
            if (opts.pageUrl.test(url)) {
              onTargets = undefined;
              resolve(id);
              return;
            }
        };
        onTargets = look;
        look();
      });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      for (let attempt = 1; ; attempt++) {
        let why: string | undefined;
        try {
          const reply = await send(
            'Runtime.evaluate',
            { expression: opts.expression, awaitPromise: true, returnByValue: true },
            sessionId,
          );
          if (typeof reply.result?.value === 'number') return reply.result.value;
          why = reply.exceptionDetails?.exception?.description ?? reply.exceptionDetails?.text;
          why ??= `a ${typeof reply.result?.value}`;
        } catch (error) {
          // The page navigated while the promise was pending: its context went with the document.
          why = String(error);
        }
        if (attempt >= (opts.attempts ?? 5)) throw new Error(`the page did not answer with a number: ${why}`);
      }
    };
    return await Promise.race([run(), timedOut]);
  } finally {
    clearTimeout(deadline);
    ws.close();
  }
}

interface CdpReply {
  sessionId?: string;
  result?: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

interface CdpMessage {
  id?: number;
  method?: string;
  result?: CdpReply;
  error?: { code: number; message: string };
  params?: { targetInfo?: { targetId: string; type: string; url: string } };
}
