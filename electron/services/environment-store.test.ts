import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionEnvironment } from '../../shared/environments';
import { ApiError } from '../openapi/api-error';
import { createEnvironmentStore } from './environment-store';

const REAL_PEM = readFileSync(path.join(__dirname, '../../test/fixtures/test-ca-cert.pem'), 'utf8');
// Armour and base64 are fine, so the shared schema lets it through; it is no certificate.
const FAKE_PEM = '-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n';

const store = () =>
  createEnvironmentStore(path.join(mkdtempSync(path.join(tmpdir(), 'bullpen-env-')), 'environments.json'));
const { id: _id, kind: _kind, ...settings } = regionEnvironment('us');

describe('environment store: CA certificates are parsed for real', () => {
  it('refuses a PEM that does not parse as X.509 on add and on update, naming the field', () => {
    const s = store();
    let error: unknown;
    try {
      s.add({ source: 'custom', settings: { ...settings, caCertificate: FAKE_PEM } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('INVALID_INPUT');
    expect((error as ApiError).message).toMatch(/settings\.caCertificate/);
    expect(s.state().environments).toHaveLength(1);

    const added = s.add({ source: 'custom', settings });
    expect(() => s.update({ id: added.id, patch: { caCertificate: FAKE_PEM } })).toThrow(
      /patch\.caCertificate/,
    );
    expect(s.get(added.id)?.caCertificate).toBeUndefined();
  });

  it('accepts a real certificate', () => {
    const s = store();
    expect(
      s.add({ source: 'custom', settings: { ...settings, caCertificate: REAL_PEM } }).caCertificate,
    ).toBe(REAL_PEM);
  });
});
