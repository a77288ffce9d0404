/**
 * Whether a name is an IANA time zone as the date formatter knows them ("Europe/Berlin", "UTC"): the one check of
 * site.yaml's timeZone (its schema, and the build's early read of it) and of the receiver's CONTACT_TIME_ZONE.
 */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
