import type { RequestOptions } from 'node:https';
export declare const ONLINE_CHECK_MS: number;
export declare function isOnline(
  url?: string,
  timeoutMs?: number,
  requestOptions?: RequestOptions,
): Promise<boolean>;
