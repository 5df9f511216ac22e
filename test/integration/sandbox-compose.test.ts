import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestSandbox } from './helpers/test-sandbox';

async function freePortBlock(): Promise<number> {
  // A random high port whose next two are free too (the sandbox takes N, N+1, N+2).
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ok = await Promise.all([0, 1, 2].map((i) => canListen(base + i)));
    if (ok.every(Boolean)) return base;
  }
  throw new Error('no free port block');
}
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

describe('sandbox composition', () => {
  it('starts HTTP, the MQTT broker and the events server on free ports with port 0, and stops them all', async () => {
    const t = await startTestSandbox({}, { httpOnly: false });
    expect(t.sandbox.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.sandbox.mqttUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(t.sandbox.eventsAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(t.sandbox.appKey).toMatch(/^[0-9a-f]{32}$|^a{32}$/);
    await t.sandbox.stop();
    const port = (u: string) => Number(u.split(':').pop());
    for (const p of [port(t.sandbox.apiUrl), port(t.sandbox.mqttUrl), port(t.sandbox.eventsAddress)])
      expect(await canListen(p)).toBe(true);
  });

  it('uses N, N+1, N+2 for an explicit port', async () => {
    const base = await freePortBlock();
    const t = await startTestSandbox({ port: base }, { httpOnly: false });
    try {
      expect(t.sandbox.apiUrl).toBe(`http://127.0.0.1:${base}`);
      expect(t.sandbox.mqttUrl).toBe(`mqtt://127.0.0.1:${base + 1}`);
      expect(t.sandbox.eventsAddress).toBe(`127.0.0.1:${base + 2}`);
      expect((await t.call({ path: '/openapi/config' })).status).toBe(200);
    } finally {
      await t.sandbox.stop();
    }
  });

  it('generates a 32-hex app key and a secret when none is given', async () => {
    const t = await startTestSandbox({ appKey: undefined, appSecret: undefined });
    try {
      expect(t.sandbox.appKey).toMatch(/^[0-9a-f]{32}$/);
      expect(t.sandbox.appSecret.length).toBeGreaterThanOrEqual(24);
      expect((await t.call({ path: '/openapi/config' })).status).toBe(200);
    } finally {
      await t.sandbox.stop();
    }
  });
});
