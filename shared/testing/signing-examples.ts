import type { SignatureAlgorithm, SignInput } from '../signing';
import fixture from '../../test/fixtures/signing-examples.json';

/** The SDK's worked signing examples (a fixture copied into test/fixtures/), for the tests of every signer. */
export interface SigningExample {
  method: string;
  path: string;
  query: [string, string][];
  body: string | null;
  host: string;
  app_key: string;
  app_secret: string;
  timestamp: string;
  nonce: string;
  algorithm: SignatureAlgorithm;
  body_digest: string | null;
  encoded_string: string;
  signature: string;
}

export const signingExamples = (fixture as { examples: SigningExample[] }).examples;

/** An example as signer input (also the JSON `bullpen sign` reads). */
export const signInputOf = (ex: SigningExample): SignInput => ({
  method: ex.method,
  path: ex.path,
  query: ex.query,
  body: ex.body,
  host: ex.host,
  appKey: ex.app_key,
  appSecret: ex.app_secret,
  timestamp: ex.timestamp,
  nonce: ex.nonce,
  algorithm: ex.algorithm,
});
