// The part of autocannon's programmatic API bench/api.ts uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds to wait for a response. */
    timeout?: number;
    headers?: Record<string, string>;
  }

  /** hdr-histogram-percentiles-obj: min, max, average, stddev and p2_5 ... p99_999. */
  export interface Histogram {
    min: number;
    max: number;
    average: number;
    stddev: number;
    p50: number;
    p99: number;
    total: number;
  }

  export interface Result {
    /** Requests completed per second, one sample a second. */
    requests: Histogram & { sent: number };
    /** Milliseconds, floored to whole ms by autocannon's histogram. */
    latency: Histogram & { totalCount: number };
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
