import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type Client } from 'aedes';
import type { MarketView } from '../market/market-view';
import type { RouteTable } from '../http/route-types';
import type { SandboxTls } from '../types';
import { QuotePublisher, type PublisherStats, type QuotePublisherOptions } from './quote-publisher';
import { QuoteRoutingTable } from './quote-routing';
import { createStreamingRoutes } from './streaming-routes';

/**
 * The sandbox's quotes host (docs/streaming.md): an aedes broker on loopback with the real service's shape.
 * client id = session id, username = app key (an unknown key is refused at CONNACK), password is
 * not checked (the real client sends a fresh random one). Data flows only after the HTTP subscribe
 * call routes symbols to the session, and is pushed to that one connection.
 */
export interface QuoteBrokerOptions {
  market: MarketView;
  appKeys: readonly string[] | ((appKey: string) => boolean);
  /** 0 (default): a free port. */
  port?: number;
  /** Messages per routed symbol and sub-type per second. Default 2; at least 50 supported. */
  updatesPerSecond?: number;
  /** Listen with TLS (`mqtts://`), as the real quotes host does (docs/streaming.md). Default: plain TCP. */
  tls?: SandboxTls;
  /** Benchmark only (docs/benchmark.md): publish as fast as the clients drain (QuotePublisherOptions.flood). */
  flood?: boolean;
  /** Benchmark only: told of every message written to a client. */
  onPublished?: QuotePublisherOptions['onPublished'];
}

export interface QuoteBroker {
  url: string;
  port: number;
  createStreamingRoutes(): RouteTable;
  setUpdatesPerSecond(rate: number): void;
  /** Stop or resume publishing (the benchmark ends its flood with it; docs/benchmark.md). */
  setPublishing(on: boolean): void;
  /** Ids of the sessions connected now. */
  sessions(): string[];
  /** Symbol → routed sub-types of a session (diagnostics and tests). */
  routesOf(sessionId: string): Record<string, string[]>;
  stats(): PublisherStats;
  /**
   * Pushes raw bytes on a topic to one session, bypassing the publisher: how fault tests feed a
   * client a message the real service might garble. False when the session is not connected.
   */
  inject(sessionId: string, topic: string, payload: Uint8Array): Promise<boolean>;
  close(): Promise<void>;
}

/** MQTT 3.1.1 CONNACK return code 4: bad user name or password. */
const BAD_USERNAME_OR_PASSWORD = 4;

export async function startQuoteBroker(opts: QuoteBrokerOptions): Promise<QuoteBroker> {
  const isKnownKey =
    typeof opts.appKeys === 'function'
      ? opts.appKeys
      : (key: string) => (opts.appKeys as readonly string[]).includes(key);
  const clients = new Map<string, Client>();
  const appKeyOf = new Map<string, string>();
  const routing = new QuoteRoutingTable();
  const publisher = new QuotePublisher({
    market: opts.market,
    routing,
    clientOf: (id) => live(id),
    updatesPerSecond: opts.updatesPerSecond ?? 2,
    flood: opts.flood,
    onPublished: opts.onPublished,
  });

  const broker = await Aedes.createBroker({
    authenticate(client, username, _password, done) {
      if (!client.id || username === undefined || !isKnownKey(username)) {
        done(Object.assign(new Error('unknown app key'), { returnCode: BAD_USERNAME_OR_PASSWORD }), false);
        return;
      }
      // Registered here, not on 'clientReady': aedes emits that only after CONNACK is written, and
      // a fast client makes its HTTP subscribe call as soon as it reads CONNACK.
      // A new connection with the same id takes the session over: whatever was routed is gone and
      // must be asked for again (the real service: "On reconnect the client must subscribe again").
      routing.dropSession(client.id);
      publisher.forgetSession(client.id);
      clients.set(client.id, client);
      appKeyOf.set(client.id, username);
      done(null, true);
    },
  });
  const live = (id: string) => {
    const client = clients.get(id);
    return client && !client.closed ? client : undefined;
  };
  broker.on('clientDisconnect', (client) => {
    if (clients.get(client.id) !== client) return;
    clients.delete(client.id);
    appKeyOf.delete(client.id);
    routing.dropSession(client.id);
    publisher.forgetSession(client.id);
  });

  const sockets = new Set<Socket>();
  const onSocket = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  };
  // A client that refuses the certificate fails its handshake before 'secureConnection': aedes never sees it.
  const server: Server = opts.tls
    ? createTlsServer({ key: opts.tls.key, cert: opts.tls.cert }, onSocket)
    : createServer(onSocket);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('quote broker: no TCP address');
  publisher.start();

  return {
    url: `${opts.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${address.port}`,
    port: address.port,
    createStreamingRoutes: () =>
      createStreamingRoutes({
        market: opts.market,
        routing,
        sessionAppKey: (id) => (live(id) ? appKeyOf.get(id) : undefined),
      }),
    setUpdatesPerSecond: (rate) => publisher.setUpdatesPerSecond(rate),
    setPublishing: (on) => (on ? publisher.start() : publisher.stop()),
    sessions: () => [...clients.keys()].filter((id) => live(id)),
    routesOf: (id) =>
      Object.fromEntries([...routing.routesOf(id)].map(([symbol, r]) => [symbol, [...r.subTypes]])),
    stats: () => ({ ...publisher.stats }),
    inject(sessionId, topic, payload) {
      const client = live(sessionId);
      if (!client) return Promise.resolve(false);
      return new Promise<boolean>((resolve) =>
        client.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false },
          (err) => resolve(!err),
        ),
      );
    },
    async close() {
      publisher.stop();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
