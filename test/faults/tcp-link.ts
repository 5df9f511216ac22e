import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP relay standing in for the network between the app and a server: `cut()` drops
 * every connection and refuses new ones (the link is gone, the server itself keeps running),
 * `restore()` listens again on the same port. Lets a fault test drop one stream of a running sandbox.
 */
export interface TcpLink {
  /** `host:port` to connect to instead of the target. */
  address: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpLink(target: string): Promise<TcpLink> {
  const [host, portText] = [target.replace(/:\d+$/, ''), target.split(':').pop() ?? ''];
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const relay = (inbound: Socket) => {
    track(inbound);
    const outbound = connect(Number(portText), host);
    track(outbound);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  };
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(relay);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const a = s.address();
        port = typeof a === 'object' && a ? a.port : port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  };
  await listen();
  return { address: `127.0.0.1:${port}`, cut: stop, restore: listen, close: stop };
}
