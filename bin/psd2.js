#!/usr/bin/env node
// The psd2 command, run from its TypeScript sources through tsx.
import { register } from "tsx/esm/api";

register();
await import("../cli/psd2.ts");
