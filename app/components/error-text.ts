// The error page's heading and title, apart from the page itself: the root's `meta` needs the
// title on every page, and the page's code loads only when an error is shown.

/** product §2: '404 - Page Not Found' with its explanation, else '{code} - An Error Occured'. */
export function errorHeading(status: number): string {
  return status === 404 ? "404 - Page Not Found" : `${status} - An Error Occured`;
}

/** The error page's document title, before the site's name. */
export function errorTitle(status: number): string {
  return status === 404 ? "Page not found" : errorHeading(status);
}
