/** CONTRACT STUB (issue 32): replaced by helper B (email change); the lead checks no stub is left at merge. */
export function EmailCard() {
  return null;
}
