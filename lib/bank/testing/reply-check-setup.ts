/**
 * Every test fails when a /v1 reply it (or its file's setup) caused breaks /openapi.json: the
 * test banks record such replies (reply-check.ts), and they are taken after each test and after
 * each file.
 */
import { afterAll, afterEach } from "vitest";
import { describeReplyViolations, takeReplyViolations } from "./reply-check";

function failOnReplyViolations(): void {
  const violations = takeReplyViolations();
  if (violations.length > 0) throw new Error(describeReplyViolations(violations));
}

afterEach(failOnReplyViolations);
afterAll(failOnReplyViolations);
