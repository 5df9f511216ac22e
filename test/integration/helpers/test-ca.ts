import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway certificate authority and a server certificate for 127.0.0.1 / localhost, made with
 * the `openssl` CLI at test time (nothing secret is committed, nothing outlives the run). The
 * server certificate is signed by the CA, so a client trusts it only when given `ca`: exactly the
 * "corporate proxy / private CA" case of `EnvironmentSettings.caCertificate`.
 */
export interface TestCa {
  /** PEM of the CA certificate: what a client adds as `caCertificate`. */
  caCert: string;
  /** PEM private key and certificate of the server (SAN IP:127.0.0.1, DNS:localhost). */
  server: { key: string; cert: string };
}

/** Why TLS suites must be skipped here, or undefined when `openssl` runs. */
export function opensslMissing(): string | undefined {
  const probe = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return `TLS suites skipped: the openssl CLI is not available (${probe.error?.message ?? `exit ${String(probe.status)}`})`;
  return undefined;
}

function openssl(cwd: string, args: string[]): void {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new Error(`openssl ${args[0] ?? ''} failed: ${r.error?.message ?? r.stderr}`);
}

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'bullpen-test-ca-'));
  try {
    // P-256 keys: fast to make, accepted by Node's TLS, aedes' TLS socket and grpc-js alike.
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(dir, [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Bullpen Test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    openssl(dir, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
    writeFileSync(
      path.join(dir, 'server.ext'),
      [
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature,keyEncipherment',
        'extendedKeyUsage=serverAuth',
        '',
      ].join('\n'),
    );
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-sha256',
      '-extfile',
      'server.ext',
    ]);
    const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
    return { caCert: read('ca.pem'), server: { key: read('server.key'), cert: read('server.pem') } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
