import { z } from 'zod';
import * as Auth from '../records/auth';
import { op, none } from './operation-def';

/** Handshake and access token (docs/openapi-client.md). */
export const authOperations = {
  openApiConfig: op({
    method: 'GET',
    path: '/openapi/config',
    area: 'auth',
    params: none,
    response: Auth.openApiConfig,
    summary: 'Start-up handshake',
  }),
  tokenCreate: op({
    method: 'POST',
    path: '/openapi/auth/token/create',
    area: 'auth',
    params: z.object({ token: z.string().optional() }),
    response: Auth.accessToken,
    summary: 'Create access token',
  }),
  tokenCheck: op({
    method: 'POST',
    path: '/openapi/auth/token/check',
    area: 'auth',
    params: z.object({ token: z.string() }),
    response: Auth.accessToken,
    summary: 'Check access token',
  }),
  tokenRefresh: op({
    method: 'POST',
    path: '/openapi/auth/token/refresh',
    area: 'auth',
    params: z.object({ token: z.string() }),
    response: Auth.accessToken,
    summary: 'Refresh access token',
  }),
} as const;
