import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { trustedCaBundle, trustedCas } from './trusted-cas';

const extra = '-----BEGIN CERTIFICATE-----\nTESTCA\n-----END CERTIFICATE-----\n';

describe('trustedCas', () => {
  it('leaves the defaults alone when there is no extra CA', () => {
    expect(trustedCas(undefined)).toBeUndefined();
    expect(trustedCas('  \n')).toBeUndefined();
    expect(trustedCaBundle(undefined)).toBeUndefined();
  });

  it('keeps every public root and adds the extra CA last', () => {
    const cas = trustedCas(extra);
    expect(cas).toHaveLength(tls.rootCertificates.length + 1);
    expect(cas?.slice(0, -1)).toEqual([...tls.rootCertificates]);
    expect(cas?.at(-1)).toBe(extra);
  });

  it('bundles the same certificates as one PEM text for gRPC', () => {
    const text = trustedCaBundle(extra)?.toString('utf8') ?? '';
    expect(text.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(tls.rootCertificates.length + 1);
    expect(text.endsWith('TESTCA\n-----END CERTIFICATE-----\n')).toBe(true);
  });
});
