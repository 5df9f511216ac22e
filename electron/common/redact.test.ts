import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactSecrets } from './redact';

describe('redactor', () => {
  it('replaces registered secrets wherever they appear', () => {
    const r = createRedactor();
    r.addSecret('s3cr3t-VALUE-123');
    expect(r.redact('failed with key s3cr3t-VALUE-123 in url?x=s3cr3t-VALUE-123')).toBe(
      `failed with key ${REDACTED} in url?x=${REDACTED}`,
    );
  });

  it('masks values of sensitive-looking keys even when never registered', () => {
    const r = createRedactor();
    expect(r.redact('{"appSecret":"abc\\"def","name":"x"}')).toBe(`{"appSecret":"${REDACTED}","name":"x"}`);
    expect(r.redact('x-access-token: tok123 next')).toBe(`x-access-token: ${REDACTED} next`);
    expect(r.redact('GET /a?token=zzz&b=1')).toBe(`GET /a?token=${REDACTED}&b=1`);
    expect(r.redact("{ secret: 'hush' }")).toBe(`{ secret: ${REDACTED} }`);
    expect(r.redact('Authorization=Bearer')).toBe(`Authorization=${REDACTED}`);
  });

  it('replaces a registered secret in its percent-encoded forms too', () => {
    const r = createRedactor();
    r.addSecret('se cr/et+=~!');
    expect(r.redact(`url ?k=${encodeURIComponent('se cr/et+=~!')} sig ${'se%20cr%2Fet%2B%3D~%21'}`)).toBe(
      `url ?k=${REDACTED} sig ${REDACTED}`,
    );
  });

  it('redactSecrets: one-shot redaction with the same rules', () => {
    expect(redactSecrets('bad signature with abcd%2Fefg', ['abcd/efg'])).toBe(
      `bad signature with ${REDACTED}`,
    );
  });

  it('leaves ordinary text alone', () => {
    const r = createRedactor();
    const line = 'snapshot AAPL price=189.50 change=-1.20';
    expect(r.redact(line)).toBe(line);
  });

  it('handles secrets with regex metacharacters and overlapping secrets', () => {
    const r = createRedactor();
    r.addSecret('a+b(c)*');
    r.addSecret('a+b(c)*-longer');
    expect(r.redact('v=a+b(c)*-longer w=a+b(c)*')).toBe(`v=${REDACTED} w=${REDACTED}`);
  });

  it('ignores too-short values and can forget a secret', () => {
    const r = createRedactor();
    r.addSecret('ab');
    expect(r.redact('ab cd')).toBe('ab cd');
    r.addSecret('forget-me');
    r.removeSecret('forget-me');
    expect(r.redact('forget-me')).toBe('forget-me');
  });

  it('redacts deep values and sensitive keys in objects', () => {
    const r = createRedactor();
    r.addSecret('topsecret');
    const out = r.redactValue({
      appKey: 'k',
      appSecret: 'anything',
      nested: [{ msg: 'has topsecret inside' }],
      n: 5,
    });
    expect(out).toEqual({
      appKey: 'k',
      appSecret: REDACTED,
      nested: [{ msg: `has ${REDACTED} inside` }],
      n: 5,
    });
  });
});
