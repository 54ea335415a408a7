// The cart drawer's element, for the code that opens or closes it from outside (adding to the
// cart, the cart buttons), without the drawer's own code (docs/decisions/001-javascript-budget.md).

export const CART_DRAWER_ID = "cart-drawer";

/** Opens the drawer from code (after adding to the cart); the buttons open it declaratively. */
export function openCartDrawer() {
  const dialog = document.getElementById(CART_DRAWER_ID);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

export function closeCartDrawer() {
  const dialog = document.getElementById(CART_DRAWER_ID);
  if (dialog instanceof HTMLDialogElement) dialog.close();
}
