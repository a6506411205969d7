/** CONTRACT STUB (issue 32): replaced by helper D (two-step sign-in); the lead checks no stub is left at merge. */
export function TwoStepCard() {
  return null;
}
