/**
 * Where to go after signing in (or confirming the email). Kept in session storage as the
 * spec says, and mirrored in local storage so a confirmation link opened in a new tab
 * still finds it.
 */
const KEY = 'caucus.postLoginPath';

export function savePostLoginPath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth')) return;
  sessionStorage.setItem(KEY, path);
  localStorage.setItem(KEY, path);
}

/** Reads and forgets the saved path; /profile when none was saved. */
export function takePostLoginPath(): string {
  const path = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/profile';
}
