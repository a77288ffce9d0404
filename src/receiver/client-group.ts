import ipaddr from "ipaddr.js";

/**
 * What the per-client limit counts as one client: an IPv4 address (/32), or an IPv6 /64, the prefix a provider
 * gives one household or one server, which can pick any of its 2^64 addresses for each request. An IPv4 address
 * written as IPv6 (::ffff:198.51.100.7) is that IPv4 address. Anything unparsable counts as itself.
 */
export function clientGroup(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return bare;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
