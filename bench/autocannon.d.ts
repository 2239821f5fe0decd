// Minimal types for the part of autocannon 9's programmatic API the benchmark uses (it ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      method?: string;
      body?: string | Buffer;
      headers?: Record<string, string>;
      title?: string;
      /** Called with each connection's client when it is created (before its first request). */
      setupClient?: (client: Client) => void;
    }

    /** One connection's HTTP client (only its documented part is typed). */
    interface Client {
      setHeaders(headers: Record<string, string>): void;
    }

    /** Percentiles and moments of one histogram (latency in ms, requests per second, bytes per second). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      pipelining: number;
      /** Seconds actually run. */
      duration: number;
      samples: number;
      start: Date;
      finish: Date;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    /** The running instance: an event emitter that is also a promise of the result. */
    interface Instance extends PromiseLike<Result> {
      on(event: string, listener: (...args: unknown[]) => void): this;
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
