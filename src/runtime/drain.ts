// Draining the HTTP server on SIGTERM without resetting a kept-alive connection under a client.
// Node's server.close() closes every idle keep-alive connection at once, and a client that has
// just written its next request on one gets ECONNRESET: the request is lost. Here, once draining:
// a request that arrives on an open connection is answered 503 with `Connection: close` (by the
// app's `refuse`), a response still being prepared gets `Connection: close`, and a connection is
// closed only after it has been idle (nothing in flight, no byte received) for `idleMs`, as a
// keep-alive timeout would, so a client under load always gets an answer. At `abort()` (the end of
// the grace) what is still unanswered gets a 503 and every connection is closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Watch {
  /** The socket's byte count when last seen idle. */
  bytesRead: number;
  /** When it was first seen idle with that count. */
  idleSince: number;
}

/**
 * The response a connection is busy with. `_httpMessage` is how Node's own HTTP server marks it
 * (set when a request's response is made, cleared when it is finished); not a public API, used
 * read-only, and test/processes/shutdown.test.ts proves the behaviour on the Node version in use.
 */
function busyWith(socket: Socket): ServerResponse | undefined {
  const message = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return message ?? undefined;
}

export class ConnectionDrain {
  private readonly sockets = new Set<Socket>();
  private readonly watched = new Map<Socket, Watch>();
  private sweeper: NodeJS.Timeout | undefined;
  draining = false;

  constructor(
    private readonly server: Server,
    /** How long a connection must stay idle before it is closed while draining. */
    private readonly idleMs = 1000,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.watched.delete(socket);
      });
    });
  }

  /** Open connections (idle or busy). */
  get open(): number {
    return this.sockets.size;
  }

  /**
   * Starts draining: new requests are refused by the caller (`draining` is true), responses in
   * preparation will close their connection, idle connections close after `idleMs` of quiet.
   * Node's own reaping of idle connections in server.close() is turned off for this server.
   */
  start(): void {
    if (this.draining) return;
    this.draining = true;
    this.server.closeIdleConnections = () => this.sweep();
    for (const socket of this.sockets) {
      const res = busyWith(socket);
      if (res && !res.headersSent) res.setHeader('connection', 'close');
    }
    this.sweep();
    this.sweeper = setInterval(() => this.sweep(), Math.max(10, Math.floor(this.idleMs / 4)));
    this.sweeper.unref();
  }

  /** Closes the connections that have been idle for `idleMs`. */
  private sweep(): void {
    const now = Date.now();
    for (const socket of this.sockets) {
      if (busyWith(socket)) {
        this.watched.delete(socket);
        continue;
      }
      const seen = this.watched.get(socket);
      if (!seen || seen.bytesRead !== socket.bytesRead) {
        this.watched.set(socket, { bytesRead: socket.bytesRead, idleSince: now });
        continue;
      }
      if (now - seen.idleSince >= this.idleMs) socket.destroy();
    }
  }

  /**
   * The end of the grace: every request still unanswered gets `answer` (a 503), then every
   * connection is closed.
   */
  abort(answer: (res: ServerResponse) => void): void {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const socket of this.sockets) {
      const res = busyWith(socket);
      if (res && !res.headersSent && !res.writableEnded) {
        try {
          answer(res);
        } catch {
          // The socket is going anyway.
        }
      }
      socket.end();
      setTimeout(() => socket.destroy(), 200).unref();
    }
  }
}

/** What a request that arrives while draining is answered (the app supplies the body). */
export type Refusal = (req: IncomingMessage, res: ServerResponse) => void;
