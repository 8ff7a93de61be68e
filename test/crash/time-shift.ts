/**
 * A preload (`--import`) for a restarted local cloud: its wall clock starts CRASH_TIME_SHIFT_MS later,
 * as if the machine had been off that long. It is the only thing the crash matrix fakes: leases, the
 * sweep's grace and budget wake-ups are measured in minutes or days, and a downtime the test cannot
 * wait through stands in for them. Every clock of the process moves together (Date.now, `new Date()`,
 * `Date()`), the sandbox platforms' simulated clock included, which reads Date.now too; timers and
 * performance.now keep real time, as they would after a real downtime.
 */
const shiftMs = Number(process.env.CRASH_TIME_SHIFT_MS ?? 0);

if (Number.isFinite(shiftMs) && shiftMs !== 0) {
  const RealDate = Date;
  const now = () => RealDate.now() + shiftMs;
  const ShiftedDate = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      if (property === 'now') return now;
      return Reflect.get(target, property, receiver);
    },
  });
  globalThis.Date = ShiftedDate;
}
