import type { ButtonHTMLAttributes } from "react";
import { CloseIcon } from "./icons";

/** How the button closes its panel, without JavaScript: an invoker command or a popover target. */
type Closes = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "commandfor" | "command" | "popoverTarget" | "popoverTargetAction"
>;

/** The round × in the title bar of a panel: the menu, the cart drawer, the participants dialog. */
export function CloseButton({ label, ...closes }: Closes & { label: string }) {
  return (
    <button
      type="button"
      {...closes}
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
    >
      <CloseIcon className="size-6" />
    </button>
  );
}
