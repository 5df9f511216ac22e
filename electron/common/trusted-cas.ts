import tls from 'node:tls';

/**
 * The CA list for a TLS connection that must also trust one extra CA (an environment's
 * `caCertificate`: a corporate proxy's, or a self-signed test CA). Node's `ca` option REPLACES the
 * default roots rather than adding to them, so the bundled public roots are listed first: the real
 * service's public certificate stays trusted when a proxy CA is added.
 *
 * Undefined when there is no extra CA, so callers pass nothing and keep Node's defaults exactly.
 */
export function trustedCas(extraCa: string | undefined): string[] | undefined {
  if (extraCa === undefined || extraCa.trim() === '') return undefined;
  return [...tls.rootCertificates, extraCa];
}

/** The same list as one PEM bundle (gRPC's `credentials.createSsl(rootCerts)` takes a Buffer). */
export function trustedCaBundle(extraCa: string | undefined): Buffer | undefined {
  const cas = trustedCas(extraCa);
  return cas ? Buffer.from(cas.map((pem) => pem.trim()).join('\n') + '\n', 'utf8') : undefined;
}
