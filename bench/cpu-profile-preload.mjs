// Loaded with `node --import` (NODE_OPTIONS) into a bank process by BENCH_BANK_CPU_PROF=<dir>:
// a V8 CPU profile written to <dir> as the process exits (node refuses --cpu-prof in
// NODE_OPTIONS), and on each SIGUSR2 the profile so far (then a new one starts), so that a
// profile can cover a load alone. Read one with bench/cpu-profile-top.ts, or in Chrome's DevTools.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const dir = process.env.BENCH_BANK_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  let part = 0;
  const start = () => {
    session.post("Profiler.enable");
    session.post("Profiler.setSamplingInterval", { interval: 200 });
    session.post("Profiler.start");
  };
  // A session in the process's own thread answers synchronously.
  const write = () =>
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(dir, `bank-${process.pid}-${++part}.cpuprofile`), JSON.stringify(result.profile));
    });
  start();
  process.on("SIGUSR2", () => {
    write();
    start();
  });
  process.on("exit", write);
}
