import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionEnvironment, type EnvironmentSettings } from '../../shared/environments';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createClientFactory } from './shared-rate-limiters';

describe('clients of one app key share one Market Data budget', () => {
  let sandbox: SandboxHandle;
  let environment: EnvironmentSettings;
  beforeAll(async () => {
    sandbox = await startSandbox({}, { httpOnly: true });
    environment = {
      ...regionEnvironment('us', 'sbx'),
      apiBaseUrl: sandbox.apiUrl,
      quotesUrl: 'mqtt://127.0.0.1:1',
      eventsAddress: '127.0.0.1:1',
      eventsTls: false,
    };
  });
  afterAll(() => sandbox.stop());

  it('a new client for the same key sees the calls its predecessor made', async () => {
    const createClient = createClientFactory();
    const credentials = { appKey: sandbox.appKey, appSecret: sandbox.appSecret };
    const first = createClient({ environment, credentials });
    await first.call('snapshot', { symbols: ['AAPL'] });
    await first.call('watchlistList', {});
    first.close();
    const second = createClient({ environment, credentials });
    expect(second.budget().used).toBe(2);
    await second.call('snapshot', { symbols: ['MSFT'] });
    expect(second.budget().used).toBe(3);
    second.close();
  });

  it('another host or app key gets its own budget', async () => {
    const createClient = createClientFactory();
    const credentials = { appKey: sandbox.appKey, appSecret: sandbox.appSecret };
    const a = createClient({ environment, credentials });
    // The same server by another name is, to the factory, another service with its own count.
    const b = createClient({
      environment: { ...environment, apiBaseUrl: sandbox.apiUrl.replace('127.0.0.1', 'localhost') },
      credentials,
    });
    await a.call('snapshot', { symbols: ['AAPL'] });
    expect(a.budget().used).toBe(1);
    expect(b.budget().used).toBe(0);
    await b.call('snapshot', { symbols: ['AAPL'] });
    expect(b.budget().used).toBe(1);
    expect(a.budget().used).toBe(1);
    a.close();
    b.close();
  });
});
