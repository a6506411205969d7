/** CONTRACT STUB (issue 32): replaced by helper C (passkeys); the lead checks no stub is left at merge. */
export function PasskeysCard() {
  return null;
}
