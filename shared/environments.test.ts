import { describe, expect, it } from 'vitest';
import { environmentSettings, regionEnvironment } from './environments';

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
