import { describe, expect, it } from 'vitest';
import { regionEnvironment } from '../../../shared/environments';
import { validateOpInput } from '../../../shared/ipc/validate';
import { draftFrom, EMPTY_DRAFT, fieldErrorsFromApi, patchFrom, validateDraft } from './environment-form';

const local = {
  ...EMPTY_DRAFT,
  name: ' Local ',
  apiBaseUrl: 'http://127.0.0.1:8080 ',
  quotesUrl: 'mqtt://127.0.0.1:8081',
  eventsAddress: '127.0.0.1:8082',
  eventsTls: false,
};

describe('environment form', () => {
  it('accepts a complete custom draft (trimmed) that main accepts too', () => {
    const r = validateDraft(local);
    expect(r).toMatchObject({ ok: true, value: { name: 'Local', apiBaseUrl: 'http://127.0.0.1:8080' } });
    if (!r.ok) return;
    expect(validateOpInput('environments.add', { source: 'custom', settings: r.value }).ok).toBe(true);
  });

  it('puts each problem next to its field', () => {
    const r = validateDraft({
      ...local,
      name: '',
      apiBaseUrl: 'not a url',
      eventsAddress: 'host-without-port',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('Name is required');
    expect(r.errors.apiBaseUrl).toMatch(/full URL/);
    expect(r.errors.eventsAddress).toBe('expected host:port');
    expect(r.errors.quotesUrl).toBeUndefined();
  });

  it("maps main's INVALID_INPUT field paths back onto fields", () => {
    const reply = validateOpInput('environments.add', {
      source: 'custom',
      settings: { ...local, quotesUrl: 'nope', eventsAddress: 'x' },
    });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    const errors = fieldErrorsFromApi(reply.error);
    expect(errors.quotesUrl).toBeTruthy();
    expect(errors.eventsAddress).toBe('expected host:port');
    expect(fieldErrorsFromApi({ code: 'NOT_FOUND', message: 'id: no environment "x"' })).toEqual({
      form: 'NOT_FOUND: id: no environment "x"',
    });
  });

  it('patches only what changed', () => {
    const base = regionEnvironment('hk');
    const r = validateDraft({ ...draftFrom(base), xVersion: 'v3' });
    expect(r.ok && patchFrom(base, r.value)).toEqual({ xVersion: 'v3' });
  });

  it('switches the path set and the option order endpoints as a whole, and patches only that', () => {
    const base = regionEnvironment('us-test');
    expect(draftFrom(base)).toMatchObject({
      pathScheme: 'openapi',
      optionOrders: 'unified',
      optionRules: { marketOrders: false, sellDayOnly: true, positionIntent: true },
    });
    const relaxed = validateDraft({
      ...draftFrom(base),
      optionRules: { marketOrders: true, sellDayOnly: true, positionIntent: true },
    });
    expect(relaxed.ok && patchFrom(base, relaxed.value)).toEqual({
      optionRules: { marketOrders: true, sellDayOnly: true, positionIntent: true },
    });
    const r = validateDraft({ ...draftFrom(base), pathScheme: 'v3' });
    expect(r.ok && patchFrom(base, r.value)).toEqual({ pathScheme: 'v3' });
    const { pathScheme: _p, optionOrders: _o, ...saved } = base;
    expect(draftFrom(saved)).toMatchObject({ pathScheme: 'openapi', optionOrders: 'option' });
    const unchanged = validateDraft(draftFrom(saved));
    expect(unchanged.ok && patchFrom(saved, unchanged.value)).toEqual({});
  });

  it('sets, keeps and clears the CA certificate; clearing travels as an empty text main reads as none', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const base = regionEnvironment('us');
    const set = validateDraft({ ...draftFrom(base), caCertificate: `  ${pem}\n` });
    expect(set.ok && patchFrom(base, set.value)).toEqual({ caCertificate: pem });

    const withCa = { ...base, caCertificate: pem };
    expect(draftFrom(withCa).caCertificate).toBe(pem);
    const renamed = validateDraft({ ...draftFrom(withCa), name: 'Renamed' });
    expect(renamed.ok && patchFrom(withCa, renamed.value)).toEqual({ name: 'Renamed' });

    const cleared = validateDraft({ ...draftFrom(withCa), caCertificate: '' });
    const patch = cleared.ok ? patchFrom(withCa, cleared.value) : undefined;
    expect(patch).toEqual({ caCertificate: '' });
    const update = validateOpInput('environments.update', { id: 'custom-1', patch });
    expect(update.ok && update.value.patch).toHaveProperty('caCertificate', undefined);

    expect(validateDraft({ ...draftFrom(base), caCertificate: 'not a certificate' })).toMatchObject({
      ok: false,
      errors: { caCertificate: expect.stringContaining('PEM') },
    });
  });
});
