// Logging out and deleting the account end the session on purpose; the session watcher must not then
// announce 'Ikke pålogget'. A module flag is enough: both end in a full page load, which resets it.
let expected = false;

export function expectSignOut(): void {
  expected = true;
}

export function isSignOutExpected(): boolean {
  return expected;
}
