/** The part of autocannon 8's programmatic API the soak uses (the package ships no types). */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total?: number;
  }

  export interface AutocannonResult {
    requests: Histogram & { sent: number; total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
    on(event: 'reqError', listener: (error: Error) => void): this;
  }

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
