// The sandbox clock's advance is an exact ISO 8601 duration, read through Temporal.Duration.
export { parseIsoDuration } from "../time/duration";
