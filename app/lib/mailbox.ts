/** Providers where dots in the local part are ignored: 'ana.rosa@' and 'anarosa@' are one inbox. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The inbox an address lands in, as one key however it is spelled: lower-cased, without a
 * '+tag' (victim+1@ and victim+2@ reach victim@), and for Gmail without dots. Only a key to
 * count and compare by: mail still goes to the address typed, since not every provider
 * treats '+' as a tag.
 */
export function normalizeMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split("+")[0]!;
  const dotless = DOTLESS_DOMAINS[domain];
  return dotless ? `${local.replace(/\./g, "")}@${dotless}` : `${local}@${domain}`;
}
