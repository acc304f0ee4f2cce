/**
 * A stand-in for the TPP's redirect endpoint: a small local HTTP server that records the query
 * of every request and answers a plain page, so that the browser lands somewhere real.
 */
import { createServer, type Server } from "node:http";

export type TppCallbackServer = {
  url: string;
  /** The query parameters of each redirect received, oldest first. */
  received: Record<string, string>[];
  close(): Promise<void>;
};

export async function startTppCallbackServer(): Promise<TppCallbackServer> {
  const received: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/callback") received.push(Object.fromEntries(url.searchParams));
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Example TPP</title><h1>Back at Example TPP</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the callback server has no port");
  return {
    url: `http://127.0.0.1:${address.port}/callback`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
