// The part of autocannon's API the load check uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: Request) => Request }[];
  };
  type Percentiles = { p50: number; p90: number; p97_5: number; p99: number; average: number; max: number };
  type Result = {
    requests: { total: number; average: number };
    latency: Percentiles;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
