import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { isIP, type Socket } from "node:net";

/**
 * The request header in which the app's own Node server hands its code the address of the socket
 * a request came on. Next gives a Route Handler no socket, only X-Forwarded-For, which it fills
 * from the socket only when the client sent none: a client talking to the app directly could
 * name any address there. So the server overwrites this header on every request it receives,
 * before Next sees it (installClientAddressHook), whatever the client put in it.
 */
export const CLIENT_ADDRESS_HEADER = "x-tpp-client-address";

declare global {
  var __psd2ClientAddressHook: boolean | undefined;
}

/**
 * Subscribes to Node's `http.server.request.start` diagnostics channel (published for each
 * request before the server's handlers run): the socket's address goes in CLIENT_ADDRESS_HEADER.
 * Once per process, from instrumentation's register (next start, next dev).
 */
export function installClientAddressHook(): void {
  if (globalThis.__psd2ClientAddressHook === true) return;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[CLIENT_ADDRESS_HEADER] = socket.remoteAddress ?? "";
  });
  globalThis.__psd2ClientAddressHook = true;
}

type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** An IP address as written once: an IPv4-mapped IPv6 address as IPv4; undefined when it is none. */
function normaliseAddress(candidate: string | undefined): string | undefined {
  const address = candidate?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return address !== undefined && isIP(address) !== 0 ? address.toLowerCase() : undefined;
}

/**
 * The client's address for a request: the socket's (CLIENT_ADDRESS_HEADER, only when this
 * process installed the hook that writes it), or, behind `trustedProxies` reverse proxies
 * (TPP_TRUSTED_PROXIES), the address the outermost of them saw: counted from the right of
 * X-Forwarded-For, whose entries left of it the client chose. Undefined when it cannot be known.
 */
export function readClientAddress(
  headers: HeaderSource,
  trustedProxies: number,
  hookInstalled = globalThis.__psd2ClientAddressHook === true,
): string | undefined {
  if (!hookInstalled) return undefined;
  const socket = normaliseAddress(headerOf(headers, CLIENT_ADDRESS_HEADER));
  if (socket === undefined) return undefined;
  if (trustedProxies === 0) return socket;
  const forwarded = (headerOf(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded, socket];
  // Fewer entries than proxies (one of them did not add its own): the first there is.
  return normaliseAddress(chain[Math.max(0, chain.length - 1 - trustedProxies)]);
}
