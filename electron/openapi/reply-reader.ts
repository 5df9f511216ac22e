import type { Worker } from 'node:worker_threads';
import type { OperationId, OpResult } from '../../shared/openapi/operations';
import { spawnWorker, type WorkerEntry } from '../common/worker-entry';
import type { FromReplyReader, OffThreadReading, ReplyToRead } from './off-thread-reading';
import { readingTurn } from './reading-turn';
import { replyRequest, type Transport, type WireReply, type WireRequest } from './transport';

/**
 * Large replies read off main's event loop (docs/openapi-client.md "Reading replies"). Main's loop
 * carries every window's IPC and the quote stream; a reply read for the first time (zod's readers
 * are slow until warm) held it 10–68 ms for one chart's bars, then a scavenge of the garbage the
 * readers leave. A reply of at least OFF_THREAD_BYTES goes to a reader thread, which parses and
 * reads it and sends back the record; main only copies the record in and samples the notes (the
 * secret stays in main). Everything else, and every reply the thread does not read into a record,
 * is read inline by `Transport.parse`, so errors and receipts are made in one place only.
 */

/**
 * Body size from which a reply is read in the reader thread: a default chart's bars (about 50 KB)
 * and more go there; an order, a quote or a small list stays inline, where sending it over would
 * cost more than reading it.
 */
export const OFF_THREAD_BYTES = 32 * 1024;
/** Times a reader thread that errored or exited is started again; after that, all is read inline. */
export const MAX_READER_RESTARTS = 3;
/** Reads waiting in the thread; a reply beyond them is read inline rather than queued. */
export const MAX_PENDING_READS = 8;
/**
 * How long one read may wait in the thread before the thread is taken for stuck and stopped (its
 * reads then read inline). A cold read of 1,200 bars takes tens of milliseconds; the largest reply
 * the transport accepts (16 MB) about a second or two.
 */
const READ_DEADLINE_MS = 10_000;

export type ReadWhere = 'worker' | 'inline';

export interface ReplyReaderOptions {
  /** The reader thread's script; the built app's is out/main/reply-reader-worker.js. */
  entry: WorkerEntry;
  /** Told where each reply was read (the tests rely on it to see the thread was used). */
  onRead?: (where: ReadWhere, op: OperationId) => void;
  /** Told of each reader thread started. */
  onWorker?: (worker: Worker) => void;
  /** Why a thread stopped, when it did not stop by `close()`. */
  log?: (line: string) => void;
  /** Default READ_DEADLINE_MS. */
  readDeadlineMs?: number;
}

export interface ReplyReader {
  /** What `Transport.parse` returns or throws for this reply, read where it costs main least. */
  read<K extends OperationId>(op: K, reply: WireReply, sent?: WireRequest): Promise<OpResult<K>>;
  /** Stops the thread; reads still pending in it are read inline. */
  close(): void;
}

const YOURSELF: OffThreadReading = { kind: 'yourself' };

/** Without options every reply is read inline, as `Transport.parse` alone would. */
export function createReplyReader(transport: Transport, options?: ReplyReaderOptions): ReplyReader {
  const pending = new Map<number, (reading: OffThreadReading) => void>();
  let worker: Worker | undefined;
  let ready = false;
  let starts = 0;
  let nextId = 1;
  let closed = false;

  const fallBack = () => {
    for (const resolve of pending.values()) resolve(YOURSELF);
    pending.clear();
  };

  const start = () => {
    if (!options || closed || starts > MAX_READER_RESTARTS) return;
    starts += 1;
    let w: Worker;
    try {
      w = spawnWorker(options.entry, undefined);
    } catch (error) {
      options.log?.(`reply reader: not started: ${(error as Error).message}`);
      return;
    }
    // Never what keeps main alive: a read pending in a stopped thread is read inline.
    w.unref();
    worker = w;
    ready = false;
    w.on('message', (message: FromReplyReader) => {
      if (message.type === 'ready') {
        if (worker === w) ready = true;
        return;
      }
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve?.(message.reading);
    });
    w.on('error', (error) => options.log?.(`reply reader: ${error.message}`));
    // A reading that cannot be copied in names no read: stop the thread, its reads go inline.
    w.on('messageerror', () => void w.terminate());
    w.once('exit', (code) => {
      if (worker === w) {
        worker = undefined;
        ready = false;
      }
      if (!closed) options.log?.(`reply reader: stopped with code ${code}`);
      fallBack();
    });
    options.onWorker?.(w);
  };

  /** The thread, if it is ready for one more read; starts one (for later replies) if none runs. */
  const readyWorker = (): Worker | undefined => {
    if (!worker) start();
    return ready && pending.size < MAX_PENDING_READS ? worker : undefined;
  };

  const inThread = (w: Worker, message: Omit<ReplyToRead, 'id'>) =>
    new Promise<OffThreadReading>((resolve) => {
      const id = nextId++;
      const deadlineMs = options?.readDeadlineMs ?? READ_DEADLINE_MS;
      // A thread that neither answers nor exits is stopped: its exit reads what it held inline.
      const deadline = setTimeout(() => {
        options?.log?.(`reply reader: no answer in ${deadlineMs} ms; stopping it`);
        void w.terminate();
      }, deadlineMs);
      deadline.unref();
      pending.set(id, (reading) => {
        clearTimeout(deadline);
        resolve(reading);
      });
      try {
        w.postMessage({ id, ...message } satisfies ReplyToRead);
      } catch {
        pending.get(id)?.(YOURSELF);
        pending.delete(id);
      }
    });

  return {
    async read<K extends OperationId>(op: K, reply: WireReply, sent?: WireRequest): Promise<OpResult<K>> {
      const inline = () => {
        options?.onRead?.('inline', op);
        return transport.parse(op, reply, sent);
      };
      const large =
        reply.status >= 200 &&
        reply.status < 300 &&
        Buffer.byteLength(reply.bodyText, 'utf8') >= OFF_THREAD_BYTES;
      const w = large ? readyWorker() : undefined;
      if (!w) return inline();
      const reading = await inThread(w, { op, bodyText: reply.bodyText, request: replyRequest(sent) });
      if (reading.kind === 'yourself') {
        // This reply's turn went to waiting on the thread: it is read in a turn of its own.
        await readingTurn();
        return inline();
      }
      options?.onRead?.('worker', op);
      transport.reportReaderEvents(reading.events);
      return reading.value as OpResult<K>;
    },
    close() {
      closed = true;
      const w = worker;
      worker = undefined;
      ready = false;
      if (w) void w.terminate();
      fallBack();
    },
  };
}
