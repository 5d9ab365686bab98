/**
 * Leaving the console's single-page app for another page of the same origin (the practice app at
 * `/practice/` is its own bundle): a full page load of `href`, replacing the current history entry
 * so Back does not return to the page that sent the user on.
 */
export function openFullPage(href: string): void {
  window.location.replace(href);
}
