// Wall-clock time in the bank's time zone, pure: the interface's times are Oslo's wall clock.
export { instantOfWallClock, offsetAt, wallClockOf } from "./zoned-time";
