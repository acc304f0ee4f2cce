/** The part of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Options = {
    url: string;
    method?: "GET" | "POST" | "PUT" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send in all (then duration does not apply). */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    /** Requests in turn; `setupRequest` gives each one as it is sent. */
    requests?: { setupRequest?: () => { method?: string; path?: string; headers?: Record<string, string>; body?: string } }[];
  };
  type Histogram = { average: number; mean: number; total: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
