import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { regionEnvironment } from '../../shared/environments';
import { ApiError } from '../openapi/api-error';
import { createEnvironmentStore } from './environment-store';
import { opensOnSandbox } from './opens-on-sandbox';

const REAL_PEM = readFileSync(path.join(__dirname, '../../test/fixtures/test-ca-cert.pem'), 'utf8');
// Armour and base64 are fine, so the shared schema lets it through; it is no certificate.
const FAKE_PEM = '-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n';

const store = () => createEnvironmentStore(path.join(testTempDir('bullpen-env-'), 'environments.json'));
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

describe('environment store: entries saved under older rules', () => {
  it('keeps the valid ones in use and writes a refused one back untouched instead of deleting it', () => {
    const dir = testTempDir('bullpen-env-');
    const file = path.join(dir, 'environments.json');
    const good = { ...regionEnvironment('us'), id: 'custom-good' };
    const old = { ...regionEnvironment('us'), id: 'custom-old', apiBaseUrl: 'http://proxy.example' };
    writeFileSync(file, JSON.stringify({ version: 1, activeId: 'custom-good', custom: [good, old] }));
    const s = createEnvironmentStore(file);
    expect(s.state().environments.map((e) => e.id)).toEqual(['sandbox', 'custom-good']);
    expect(s.activeId()).toBe('custom-good');
    s.select('sandbox');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { custom: { id: string }[] };
    expect(saved.custom.map((e) => e.id)).toEqual(['custom-good', 'custom-old']);
  });
});

describe('opensOnSandbox (read before the store exists, to warm the sandbox worker)', () => {
  it('agrees with the store on which environment the app opens on', () => {
    const file = path.join(testTempDir('bullpen-env-'), 'environments.json');
    expect(opensOnSandbox(file)).toBe(true); // no file yet
    const s = createEnvironmentStore(file);
    const us = s.add({ source: 'region', region: 'us' });
    s.select(us.id);
    expect(opensOnSandbox(file)).toBe(createEnvironmentStore(file).activeId() === 'sandbox');
    expect(opensOnSandbox(file)).toBe(false);
    s.select('sandbox');
    expect(opensOnSandbox(file)).toBe(true);
  });

  it('says yes for a file the store would refuse, and leaves the file where it is', () => {
    const file = path.join(testTempDir('bullpen-env-'), 'environments.json');
    writeFileSync(file, '{ not json');
    expect(opensOnSandbox(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
