import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { releaseAbortReasonStacks } from "./release-abort-stacks";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Aborts a controller from a method of an object (the object is a frame's receiver); a weak reference to it. */
function abortFromMethod(controller: AbortController): WeakRef<object> {
  const holder = {
    payload: new Array<number>(1000).fill(1),
    fire(this: { payload: number[] }) {
      controller.abort(new Error("This render completed successfully."));
    },
  };
  holder.fire();
  return new WeakRef(holder);
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return ref.deref() === undefined;
}

describe("releaseAbortReasonStacks", () => {
  it("without it, an abort reason's unread stack keeps the receivers of its frames alive", async () => {
    const controller = new AbortController();
    const ref = abortFromMethod(controller);
    expect(await collected(ref)).toBe(false);
    expect(controller.signal.aborted).toBe(true);
  });

  it("with it, the receiver goes once nothing else holds it, and the reason keeps its stack as text", async () => {
    releaseAbortReasonStacks();
    const controller = new AbortController();
    const ref = abortFromMethod(controller);
    expect(await collected(ref)).toBe(true);
    const reason: unknown = controller.signal.reason;
    expect(reason).toBeInstanceOf(Error);
    expect((reason as Error).stack).toContain("This render completed successfully.");
    expect((reason as Error).stack).toContain("fire");
  });

  it("aborts as before: without a reason the signal's reason is an AbortError", () => {
    releaseAbortReasonStacks();
    const controller = new AbortController();
    controller.abort();
    expect(controller.signal.aborted).toBe(true);
    expect((controller.signal.reason as DOMException).name).toBe("AbortError");
  });
});
