// vitest resolves "server-only" here: the real package throws outside a React Server environment,
// and lib/tpp's tests import server modules directly.
export {};
