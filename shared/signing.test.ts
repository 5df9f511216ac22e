import { describe, expect, it } from 'vitest';
import {
  bodyDigest,
  canonicalParams,
  formatTimestamp,
  parseTimestamp,
  percentEncode,
  serializeBody,
  signRequest,
  unescapeHtmlSafeJson,
} from './signing';
import { signInputOf, signingExamples } from './testing/signing-examples';

const examples = signingExamples;

describe('signing: the SDK worked examples', () => {
  it('has examples to check', () => expect(examples.length).toBeGreaterThanOrEqual(6));
  for (const ex of examples) {
    it(`${ex.algorithm} ${ex.method} ${ex.path} ${ex.query.map((q) => q.join('=')).join('&')}`, () => {
      const result = signRequest(signInputOf(ex));
      expect(result.bodyDigest).toBe(ex.body_digest);
      expect(result.encodedString).toBe(ex.encoded_string);
      expect(result.signature).toBe(ex.signature);
      expect(result.headers['x-signature']).toBe(ex.signature);
      expect(result.headers['x-signature-algorithm']).toBe(ex.algorithm);
    });
  }
});

describe('percentEncode', () => {
  it('keeps only the unreserved set', () => {
    expect(percentEncode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(percentEncode("!*'()")).toBe('%21%2A%27%28%29');
    expect(percentEncode('/&=: +')).toBe('%2F%26%3D%3A%20%2B');
  });
  it('encodes UTF-8 bytes with upper-case hex', () => {
    expect(percentEncode('é')).toBe('%C3%A9');
    expect(percentEncode('日')).toBe('%E6%97%A5');
    expect(percentEncode('😀')).toBe('%F0%9F%98%80');
  });
});

describe('canonicalParams', () => {
  it('sorts by code unit, case-sensitive, never by locale', () => {
    expect(
      canonicalParams([
        ['alpha', '1'],
        ['_x', '2'],
        ['Zeta', '3'],
        ['Beta', '4'],
      ]),
    ).toBe('Beta=4&Zeta=3&_x=2&alpha=1');
  });
  it('merges duplicate names into one entry with sorted values', () => {
    expect(
      canonicalParams([
        ['s', 'b'],
        ['a', '1'],
        ['s', 'B'],
        ['s', 'a'],
      ]),
    ).toBe('a=1&s=B&a&b');
  });
  it('signs values as they are, before URL encoding', () => {
    expect(canonicalParams([['q', 'a b,c']])).toBe('q=a b,c');
  });
});

describe('bodies', () => {
  const base = {
    method: 'POST',
    path: '/openapi/x',
    query: [] as [string, string][],
    host: 'api.webull.com',
    appKey: 'k',
    appSecret: 's',
    timestamp: '2026-11-22T10:00:00Z',
    nonce: '0'.repeat(32),
  };
  it('digests with MD5 for HMAC-SHA1 and SHA-256 for HMAC-SHA256, upper-case hex', () => {
    expect(bodyDigest('{}', 'HMAC-SHA1')).toBe('99914B932BD37A50B983C5E7C90AE93B');
    expect(bodyDigest('{}', 'HMAC-SHA256')).toBe(
      '44136FA355B3678A1146AD16F7E8649E94FB4FC21FE77E8310C060F61CAAFF8A',
    );
  });
  it('treats {} and [] as bodies', () => {
    expect(signRequest({ ...base, body: '{}', algorithm: 'HMAC-SHA1' }).str3).toMatch(/&99914B93/);
    expect(signRequest({ ...base, body: '[]', algorithm: 'HMAC-SHA1' }).bodyDigest).not.toBeNull();
  });
  it('never digests a GET body', () => {
    expect(signRequest({ ...base, method: 'GET', body: '{}', algorithm: 'HMAC-SHA1' }).bodyDigest).toBeNull();
  });
  it('serialises compact JSON with unicode and < > & kept as themselves', () => {
    expect(serializeBody({ a: 'x<y>&z', b: 'café 日本', n: [1, 2] })).toBe(
      '{"a":"x<y>&z","b":"café 日本","n":[1,2]}',
    );
  });
  it('digests the UTF-8 bytes of non-ASCII text', () => {
    const ascii = bodyDigest('{"n":"e"}', 'HMAC-SHA1');
    expect(bodyDigest('{"n":"é"}', 'HMAC-SHA1')).not.toBe(ascii);
    // MD5 of the bytes 7B 22 6E 22 3A 22 C3 A9 22 7D, computed independently.
    expect(bodyDigest('{"n":"é"}', 'HMAC-SHA1')).toBe('39EEF6B5B67D0684BB232A4635427104');
  });
  it('reverses \\u003c \\u003e \\u0026 escapes, but not an escaped backslash', () => {
    expect(unescapeHtmlSafeJson('{"note":"a\\u003cb\\u003Ec\\u0026d"}')).toBe('{"note":"a<b>c&d"}');
    expect(unescapeHtmlSafeJson('{"p":"C:\\\\u003c"}')).toBe('{"p":"C:\\\\u003c"}');
  });
});

describe('timestamps', () => {
  it('formats UTC without milliseconds', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 10, 0, 0, 999))).toBe('2026-11-22T10:00:00Z');
  });
  it('parses only the exact format', () => {
    expect(parseTimestamp('2026-11-22T10:00:00Z')).toBe(Date.UTC(2026, 10, 22, 10));
    expect(parseTimestamp('2026-11-22T10:00:00.000Z')).toBeNaN();
    expect(parseTimestamp('2026-11-22 10:00:00')).toBeNaN();
  });
});
