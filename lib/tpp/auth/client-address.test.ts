import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, installClientAddressHook, readClientAddress } from "./client-address";

const socket = (address: string, forwarded?: string) =>
  new Headers({ [CLIENT_ADDRESS_HEADER]: address, ...(forwarded === undefined ? {} : { "x-forwarded-for": forwarded }) });

describe("readClientAddress", () => {
  it("is the socket's address without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(readClientAddress(socket("192.0.2.7", "198.51.100.1"), 0, true)).toBe("192.0.2.7");
    expect(readClientAddress(socket("::ffff:127.0.0.1"), 0, true)).toBe("127.0.0.1");
    expect(readClientAddress(socket("2001:DB8::1"), 0, true)).toBe("2001:db8::1");
  });

  it("behind trusted proxies, is the address the outermost of them saw, never one the client wrote further left", () => {
    // client -> proxy A (appends the client's address) -> the app
    expect(readClientAddress(socket("10.0.0.2", "203.0.113.9"), 1, true)).toBe("203.0.113.9");
    expect(readClientAddress(socket("10.0.0.2", "6.6.6.6, 203.0.113.9"), 1, true)).toBe("203.0.113.9");
    // client -> A -> B -> the app
    expect(readClientAddress(socket("10.0.0.3", "6.6.6.6, 203.0.113.9, 10.0.0.2"), 2, true)).toBe("203.0.113.9");
    // A proxy that added nothing: the first address there is.
    expect(readClientAddress(socket("10.0.0.2"), 1, true)).toBe("10.0.0.2");
    expect(readClientAddress(socket("10.0.0.2", "not an address"), 1, true)).toBeUndefined();
  });

  it("knows no address where this process did not install the hook (the header would be the client's own)", () => {
    expect(readClientAddress(socket("192.0.2.7"), 0, false)).toBeUndefined();
    expect(readClientAddress(new Headers(), 0, true)).toBeUndefined();
    expect(readClientAddress({ [CLIENT_ADDRESS_HEADER]: "192.0.2.7" }, 0, true)).toBe("192.0.2.7");
  });
});

describe("installClientAddressHook", () => {
  it("has the Node server write the socket's address over whatever the client sent in the header", async () => {
    installClientAddressHook();
    const server = createServer((request, response) => response.end(JSON.stringify(request.headers)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [CLIENT_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" },
      });
      const seen = (await reply.json()) as Record<string, string>;
      expect(readClientAddress(seen, 0)).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
