import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * The number a tel: link dials, derived from the phone number as written (one fact, one value): "+49 30 1234 5678"
 * and "+49 (0)30 1234 5678" both dial +493012345678. libphonenumber-js knows every country's numbering plan, the
 * "(0)" German numbers carry for callers at home, and which numbers cannot exist. Undefined for a number it
 * cannot read as one dialled from abroad.
 */
export function telOf(written: string): string | undefined {
  const number = parsePhoneNumberFromString(written);
  return number?.isValid() ? number.number : undefined;
}

/** Why a written phone number cannot be dialled from its tel: link, or undefined. */
export function phoneProblem(written: string): string | undefined {
  if (telOf(written) !== undefined) return undefined;
  return written.trim().startsWith("+")
    ? `"${written}" is no phone number that exists: check the digits (the tap-to-call link dials it as written)`
    : `"${written}" must start with + and the country code, e.g. +49 30 1234 5678: the tap-to-call link is made from it, and a visitor abroad dials it too`;
}
