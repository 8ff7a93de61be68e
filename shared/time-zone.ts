/** IANA time zones as the product takes them: a flow's working hours, an account's quota days. */

/** An IANA name: an area and a place (America/Argentina/Buenos_Aires has two), or UTC. */
const IANA_SHAPE =
  /^(?:UTC|(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)(?:\/[A-Za-z0-9_+-]{1,30}){1,2})$/;

/**
 * True for a time zone the platform's clock can use: an IANA name (as EventBridge Scheduler takes it)
 * that this runtime knows, in its own spelling. An alias the runtime files under another name
 * (Asia/Kolkata, Europe/Kyiv) is fine; a name in the wrong case is not.
 */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !IANA_SHAPE.test(value)) return false;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  return resolved === value || resolved.toLowerCase() !== value.toLowerCase();
}
