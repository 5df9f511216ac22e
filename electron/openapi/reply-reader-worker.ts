import { parentPort } from 'node:worker_threads';
import { readOffThread, type FromReplyReader, type ReplyToRead } from './off-thread-reading';

/**
 * The reply reader thread's entry (reply-reader.ts; built as out/main/reply-reader-worker.js,
 * electron.vite.config.mts). It says `ready` once its modules (zod and the catalogue's schemas)
 * are loaded, then answers each reply it is given, in order.
 */
const port = parentPort;
if (!port) throw new Error('reply-reader-worker must run in a worker thread');

port.on('message', (reply: ReplyToRead) => {
  let reading: FromReplyReader;
  try {
    reading = { type: 'read', id: reply.id, reading: readOffThread(reply) };
  } catch {
    // A reader that throws throws again in main, which reads this reply itself and reports it.
    reading = { type: 'read', id: reply.id, reading: { kind: 'yourself' } };
  }
  try {
    port.postMessage(reading);
  } catch {
    // A record that cannot be copied to main (DataCloneError): main reads it itself.
    port.postMessage({ type: 'read', id: reply.id, reading: { kind: 'yourself' } } satisfies FromReplyReader);
  }
});
port.postMessage({ type: 'ready' } satisfies FromReplyReader);
