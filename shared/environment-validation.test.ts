import { describe, expect, it } from 'vitest';
import { environmentSettings, regionEnvironment } from './environments';
import { addEnvironmentInput, setCredentialsInput } from './ipc/app-types';

const base = { ...regionEnvironment('us'), id: 'x' };
const fieldOf = (input: Record<string, unknown>) => {
  const r = environmentSettings.safeParse({ ...base, ...input });
  return r.success ? undefined : r.error.issues[0]?.path.join('.');
};

describe('environment settings refuse what must never reach a socket', () => {
  it.each([
    ['file:///etc/passwd'],
    ['javascript:alert(1)'],
    ['https://user:pass@api.webull.com'],
    ['https://api.webull.com:99999'],
    ['http://api.webull.com'],
    ['http://localhost.evil.com'],
    ['ftp://api.webull.com'],
    ['https://api.webull.com/\n'],
    ['https://api.webull.com/?q=1'],
  ])('apiBaseUrl %j is refused, naming the field', (url) => {
    expect(fieldOf({ apiBaseUrl: url })).toBe('apiBaseUrl');
  });

  it.each([
    ['https://api.webull.com'],
    ['http://127.0.0.1:8080'],
    ['http://localhost:1'],
    ['http://[::1]:9'],
    ['https://api.webull.com/base/'],
  ])('apiBaseUrl %j is accepted', (url) => {
    expect(fieldOf({ apiBaseUrl: url })).toBeUndefined();
  });

  it.each([
    ['mqtt://data-api.webull.com:1883'],
    ['file:///x'],
    ['mqtts://u:p@data-api.webull.com:1883'],
    ['mqtts://h:70000'],
    ['https://h'],
  ])('quotesUrl %j is refused', (url) => {
    expect(fieldOf({ quotesUrl: url })).toBe('quotesUrl');
  });

  it.each([
    ['mqtts://data-api.webull.com:1883'],
    ['wss://data-api.webull.com/mqtt'],
    ['mqtt://127.0.0.1:1883'],
    ['ws://localhost:1'],
  ])('quotesUrl %j is accepted', (url) => {
    expect(fieldOf({ quotesUrl: url })).toBeUndefined();
  });

  it('refuses an events port past 65535 and a name with control characters', () => {
    expect(fieldOf({ eventsAddress: 'events-api.webull.com:99999' })).toBe('eventsAddress');
    expect(fieldOf({ eventsAddress: 'events-api.webull.com:0' })).toBe('eventsAddress');
    expect(fieldOf({ name: 'Prod\u0000' })).toBe('name');
    expect(fieldOf({ name: 'a\nb' })).toBe('name');
    expect(fieldOf({ name: 'Webull Ünïcode' })).toBeUndefined();
  });

  it('refuses a CA certificate that is not PEM-armoured base64', () => {
    expect(
      fieldOf({ caCertificate: '-----BEGIN CERTIFICATE-----\n!!!garbage!!!\n-----END CERTIFICATE-----\n' }),
    ).toBe('caCertificate');
    expect(fieldOf({ caCertificate: '-----BEGIN CERTIFICATE-----\nMIIB' })).toBe('caCertificate');
    expect(
      fieldOf({ caCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' }),
    ).toBeUndefined();
  });

  it('refuses a region name with control characters', () => {
    const r = addEnvironmentInput.safeParse({ source: 'region', region: 'us', name: 'x\r\ny' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['name']);
  });
});

describe('credentials are printable', () => {
  it.each([['key\r\n'], ['ke\ny'], ['k\u0000ey'], ['k\tey'], ['kéy']])(
    'app key %j is refused, naming appKey',
    (appKey) => {
      const r = setCredentialsInput.safeParse({ appKey, appSecret: 'secret' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['appKey']);
    },
  );

  it.each([['sec\nret'], ['sec\u0000'], ['s\rx']])(
    'app secret %j is refused, naming appSecret',
    (appSecret) => {
      const r = setCredentialsInput.safeParse({ appKey: 'key', appSecret });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['appSecret']);
    },
  );

  it('accepts an ordinary key and secret (surrounding spaces trimmed from the key)', () => {
    expect(setCredentialsInput.parse({ appKey: ' abc123 ', appSecret: 'S3cr3t/+=' }).appKey).toBe('abc123');
  });
});
