import { BagIcon } from "../ui/icons";
import { cartButtonLabel, formatCartBadge } from "./cart-badge";
import { CART_DRAWER_ID } from "./drawer-commands";

export function CartButton({
  totalQuantity,
  className = "",
}: {
  totalQuantity: number;
  className?: string;
}) {
  const badge = formatCartBadge(totalQuantity);
  return (
    <button
      type="button"
      commandfor={CART_DRAWER_ID}
      command="show-modal"
      aria-label={cartButtonLabel(totalQuantity)}
      className={`relative inline-flex size-10 items-center justify-center rounded-full hover:bg-white/15 ${className}`}
    >
      <BagIcon className="size-6" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-coral-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
