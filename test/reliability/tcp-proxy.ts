// A TCP proxy between the app and a database or Redis, which a test can cut: refuse new
// connections and reset open ones (the server is down), or swallow everything (the network is cut).
import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  /** `refuse`: open connections are reset and new ones refused; `blackhole`: accepted, nothing gets through. */
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return; // held open, never answered
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const resetAll = () => {
    for (const s of sockets) s.resetAndDestroy();
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async set(next) {
      if (next === mode) return;
      const wasListening = server.listening;
      mode = next;
      resetAll();
      if (next === 'refuse') {
        // Closing the server's listener needs its connections gone first.
        await stopListening();
      } else if (!wasListening) {
        await listen();
      }
    },
    async close() {
      resetAll();
      await stopListening();
    },
  };
}
