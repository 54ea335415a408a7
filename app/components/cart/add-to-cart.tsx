import type { ComponentProps } from "react";
import { lazyComponent } from "../lazy";
import { PartSuspense } from "../part-suspense";
import type { AddToCartForm } from "./add-to-cart-form";

// The add-to-cart form for product pages and collection cards. Its behaviour (the optimistic
// line, the drawer, participants for courses) loads after the page's first JavaScript
// (docs/decisions/001-javascript-budget.md); the server renders it in full, so the form works
// without JavaScript and before its code arrives.

type AddToCartProps = ComponentProps<typeof AddToCartForm>;

const EnhancedForm = lazyComponent<AddToCartProps>(() =>
  import("./add-to-cart-form").then((module) => module.AddToCartForm),
);

export type { AddToCartProduct } from "./add-to-cart-form";

export function AddToCart(props: AddToCartProps) {
  return (
    <PartSuspense
      fallback={
        // Shown only while a page reached in the browser loads the form's code.
        <form className={props.className}>
          {props.children}
          <button type="button" disabled className={props.buttonClassName}>
            {props.buttonLabel ?? "Add to cart"}
          </button>
        </form>
      }
    >
      <EnhancedForm {...props} />
    </PartSuspense>
  );
}
