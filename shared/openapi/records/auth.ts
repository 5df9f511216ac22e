import { z } from 'zod';
import { record, timestampMs } from '../primitives';

/** `GET /openapi/config` (docs/openapi-client.md). */
export const openApiConfig = record({ token_check_enabled: z.boolean() });

const TOKEN_STATUSES = ['PENDING', 'NORMAL', 'INVALID', 'EXPIRED'] as const;
export const accessToken = record({
  token: z.string(),
  expires: timestampMs,
  status: z.enum(TOKEN_STATUSES),
});

export const streamingAck = record({
  session_id: z.string().optional(),
  symbols: z.array(z.string()).optional(),
  sub_types: z.array(z.string()).optional(),
});

export type OpenApiConfig = z.output<typeof openApiConfig>;
export type AccessToken = z.output<typeof accessToken>;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];
