/**
 * A path on this site to go back to, or '/': never another host ('//evil.example', or '/\evil.example', which
 * browsers read as the same). The login dialog and the identity callback (decision 064) both go through it.
 */
export function safeReturnPath(path: string | undefined): string {
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
