/** Whether a menu url is the page shown; the menu's trailing slashes are optional in the address. */
export function isCurrentUrl(url: string, location: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(url) === trim(location);
}
