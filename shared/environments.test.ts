import { describe, expect, it } from 'vitest';
import {
  environmentHosts,
  environmentSettings,
  INTERFACE_OPTION_RULES,
  linkedOrdersOf,
  optionOrdersOf,
  optionRulesOf,
  pathSchemeOf,
  PRESET_HOSTS,
  REAL_OPTION_RULES,
  REGIONS,
  regionEnvironment,
} from './environments';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('environmentSettings.caCertificate', () => {
  it('is optional: a region preset parses without it and keeps none', () => {
    const parsed = environmentSettings.parse(regionEnvironment('us'));
    expect(parsed.caCertificate).toBeUndefined();
  });

  it('accepts a PEM certificate and refuses other text, naming the field', () => {
    expect(environmentSettings.parse({ ...regionEnvironment('us'), caCertificate: PEM }).caCertificate).toBe(
      PEM,
    );
    const bad = environmentSettings.safeParse({ ...regionEnvironment('us'), caCertificate: 'not a cert' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['caCertificate']);
  });
});

describe('environment presets', () => {
  it('lists Webull US production and US test with the hosts the broker publishes', () => {
    const prod = regionEnvironment('us');
    expect([prod.apiBaseUrl, prod.quotesUrl, prod.eventsAddress]).toEqual([
      'https://api.webull.com',
      'mqtts://data-api.webull.com:1883',
      'events-api.webull.com:443',
    ]);
    const test = regionEnvironment('us-test');
    expect([test.apiBaseUrl, test.quotesUrl, test.eventsAddress]).toEqual([
      'https://us-openapi-alb.uat.webullbroker.com',
      'mqtts://us-openapi-quotes-api.uat.webullbroker.com:1883',
      'us-openapi-events.uat.webullbroker.com:443',
    ]);
    expect(environmentHosts(test).every((h) => PRESET_HOSTS.has(h))).toBe(true);
  });

  it('signs as the broker SDK does per host: HMAC-SHA1 for US and HK, HMAC-SHA256 for the other regions', () => {
    const algorithms = Object.fromEntries(REGIONS.map((r) => [r, regionEnvironment(r).algorithm]));
    expect(algorithms).toEqual({
      us: 'HMAC-SHA1',
      'us-test': 'HMAC-SHA1',
      hk: 'HMAC-SHA1',
      jp: 'HMAC-SHA256',
      sg: 'HMAC-SHA256',
      au: 'HMAC-SHA256',
      uk: 'HMAC-SHA256',
      eu: 'HMAC-SHA256',
    });
    for (const r of REGIONS) expect(environmentSettings.safeParse(regionEnvironment(r)).success).toBe(true);
  });

  it('gives every real preset the real option rules and unified option orders', () => {
    for (const r of REGIONS) {
      const env = regionEnvironment(r);
      expect(optionRulesOf(env)).toEqual({ marketOrders: false, sellDayOnly: true, positionIntent: true });
      expect(optionOrdersOf(env)).toBe('unified');
    }
  });

  it('reads a stored environment without the newer fields with the real rules, the Sandbox with the interface text', () => {
    const { optionRules: _r, optionOrders: _o, pathScheme: _p, ...old } = regionEnvironment('hk');
    const parsed = environmentSettings.parse(old);
    expect(optionRulesOf(parsed)).toEqual(REAL_OPTION_RULES);
    expect(pathSchemeOf(parsed)).toBe('openapi');
    expect(optionRulesOf({ ...parsed, kind: 'sandbox' })).toEqual(INTERFACE_OPTION_RULES);
    expect(optionRulesOf({ ...parsed, optionRules: INTERFACE_OPTION_RULES })).toEqual(INTERFACE_OPTION_RULES);
  });
});

describe('linked orders by environment', () => {
  it("Webull's US test environment takes brackets only; production and the Sandbox take every kind; a setting wins", () => {
    expect(linkedOrdersOf(regionEnvironment('us-test'))).toEqual(['BRACKET']);
    expect(linkedOrdersOf(regionEnvironment('us'))).toEqual(['BRACKET', 'OTO', 'OCO', 'OTOCO']);
    expect(linkedOrdersOf({ apiBaseUrl: 'http://127.0.0.1:4000' })).toEqual([
      'BRACKET',
      'OTO',
      'OCO',
      'OTOCO',
    ]);
    expect(linkedOrdersOf({ ...regionEnvironment('us-test'), linkedOrders: ['BRACKET', 'OCO'] })).toEqual([
      'BRACKET',
      'OCO',
    ]);
  });
});
