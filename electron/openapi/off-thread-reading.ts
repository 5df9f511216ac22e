import type { OperationId } from '../../shared/openapi/operations';
import {
  groupReaderNotes,
  readReply,
  type NotedEvent,
  type ReplyRequest,
} from '../../shared/openapi/read-reply';
import { tryParseJson } from './api-error';

/**
 * What the reply reader thread does with one reply (reply-reader.ts, docs/openapi-client.md
 * "Reading replies"): what `Transport.parse` does for a 2xx JSON reply, up to the success case.
 * Every other outcome (not JSON, a receipt, unreadable) is left to main, which reads that reply
 * again inline, so each error, receipt and message is made in one place only. The thread has no
 * secret: events carry their first raw value, which main samples and redacts.
 */
export interface ReplyToRead {
  id: number;
  op: OperationId;
  bodyText: string;
  request: ReplyRequest | undefined;
}

export type OffThreadReading =
  { kind: 'record'; value: unknown; events: NotedEvent[] } | { kind: 'yourself' };

export type FromReplyReader = { type: 'ready' } | { type: 'read'; id: number; reading: OffThreadReading };

export function readOffThread({ op, bodyText, request }: ReplyToRead): OffThreadReading {
  const parsed = tryParseJson(bodyText);
  if (!parsed.ok) return { kind: 'yourself' };
  const reading = readReply(op, parsed.value, request);
  if (reading.kind !== 'record') return { kind: 'yourself' };
  return { kind: 'record', value: reading.value, events: groupReaderNotes(op, parsed.value, reading.notes) };
}
