// A click made while a lazily loaded part of the page is still on its way (a deferred part's code
// loads when the browser is first idle or at the shopper's first touch; part-suspense.tsx counts
// the parts, docs/decisions/001-javascript-budget.md) waits for it and is then made again, so the
// shopper gets what the hydrated page does (the cart drawer's quantities, a dialog, an in-app
// navigation) rather than the no-JavaScript path of the server's markup. If the code takes longer
// than HOLD_AT_MOST_MS, the click goes ahead as it would without JavaScript: a slow network never
// leaves a press unanswered.

const HOLD_AT_MOST_MS = 3_000;
const ACTIVATES =
  'a[href], button, summary, label, input[type="submit"], input[type="image"], input[type="checkbox"], input[type="radio"]';

let holding = false;
let held: HTMLElement[] = [];
let giveUp: ReturnType<typeof setTimeout> | undefined;

/** From now until `releaseClicks`, clicks on controls are held. */
export function holdClicks() {
  if (holding) return;
  holding = true;
  addEventListener("click", hold, true);
}

/** Makes the held clicks again, in order, once the page has had a moment to commit. */
export function releaseClicks() {
  if (!holding) return;
  holding = false;
  removeEventListener("click", hold, true);
  clearTimeout(giveUp);
  giveUp = undefined;
  const clicks = held;
  held = [];
  setTimeout(() => {
    for (const control of clicks) if (control.isConnected) control.click();
  });
}

function hold(event: MouseEvent) {
  // A click that opens a new tab or window, or any button but the main one, is the browser's.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
    return;
  const control =
    event.target instanceof Element ? event.target.closest<HTMLElement>(ACTIVATES) : null;
  if (!control) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(control);
  giveUp ??= setTimeout(releaseClicks, HOLD_AT_MOST_MS);
}
