import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { clampCartQuantity, isCourseProduct, MAX_SEATS } from "../../lib/commerce/cart";
import type { LinePreview } from "../../lib/commerce/cart-optimistic";
import { CART_ACTION, PREVIEW_FIELD } from "../../lib/commerce/cart-pending";
import type { Image, ProductVariant } from "../../lib/commerce/types";
import { lazyComponent } from "../lazy";
import { PartSuspense } from "../part-suspense";
import { pushAddToCart } from "../shell/data-layer";
import { openCartDrawer } from "./drawer-commands";
import { useCartLayoutData } from "./use-cart";
import { useCartSubmit } from "./use-cart-submit";

// Only courses ask for participants, so only their pages load the form for it.
const ParticipantsDialog = lazyComponent(() =>
  import("./participants-dialog").then((module) => module.ParticipantsDialog),
);

export interface AddToCartProduct {
  handle: string;
  title: string;
  /** Whether it is a course (isCourseProduct); else worked out from productType and tags. */
  course?: boolean;
  productType?: string;
  tags?: string[];
  /** Shown in the drawer until the server answers, when the variant has no image. */
  image?: Image | null;
}

/**
 * Adds a variant to the cart: a form posting to /api/cart (intent add), so it works without
 * JavaScript; with it, the line shows in the drawer at once, the drawer opens, and a double click
 * adds once. `children` is the quantity field (named `quantity`); without one, one is added.
 * A course asks first for one participant per seat (product §3, §5).
 */
export function AddToCartForm({
  product,
  variant,
  children,
  className,
  buttonClassName,
  buttonLabel = "Add to cart",
  disabled = false,
}: {
  product: AddToCartProduct;
  variant: Pick<ProductVariant, "id" | "title" | "sku" | "price" | "selectedOptions" | "image">;
  children?: React.ReactNode;
  className?: string;
  buttonClassName?: string;
  buttonLabel?: string;
  disabled?: boolean;
}) {
  const location = useLocation();
  const formKey = useCartLayoutData()?.formKey;
  const { submit, pending, answer } = useCartSubmit();
  // Named after the variant: one dialog per variant on a page.
  const dialogId = `participants-${variant.id.replace(/\W/g, "")}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const [seats, setSeats] = useState(1);
  const course =
    product.course ??
    isCourseProduct({
      productType: product.productType ?? "",
      tags: product.tags ?? [],
      title: product.title,
    });
  const fieldErrors = answer && !answer.ok ? answer.fieldErrors : undefined;

  // The server found a participant's details wrong: ask again, with what was typed still there.
  useEffect(() => {
    if (fieldErrors && !dialog.current?.open) dialog.current?.showModal();
  }, [fieldErrors]);

  const preview: LinePreview = {
    productTitle: product.title,
    productHandle: product.handle,
    productType: product.productType ?? "",
    productTags: product.tags ?? (course ? ["course"] : []),
    variantTitle: variant.title,
    selectedOptions: variant.selectedOptions,
    productPrice: variant.price,
    productImage: variant.image ?? product.image ?? null,
    sku: variant.sku,
  };

  const seatsWanted = (form: HTMLFormElement | null) => {
    const field = form?.elements.namedItem("quantity");
    const value = field instanceof HTMLInputElement ? field.value : "1";
    return Math.min(clampCartQuantity(value), MAX_SEATS);
  };

  return (
    <form
      method="post"
      action={CART_ACTION}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (disabled) return;
        if (course && !dialog.current?.open) {
          setSeats(seatsWanted(form));
          dialog.current?.showModal();
          return;
        }
        // A course's quantity is its seats, one per participant.
        const extra = {
          [PREVIEW_FIELD]: JSON.stringify(preview),
          ...(course ? { quantity: String(seats) } : {}),
        };
        if (submit(form, { once: true, extra })) {
          dialog.current?.close();
          openCartDrawer();
          const field = form.elements.namedItem("quantity");
          const asked = field instanceof HTMLInputElement ? clampCartQuantity(field.value) : 1;
          pushAddToCart({ id: variant.id, quantity: course ? seats : asked });
        }
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="merchandiseId" value={variant.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {formKey ? <input type="hidden" name="formKey" value={formKey} /> : null}
      {children ?? <input type="hidden" name="quantity" value="1" />}
      {course ? (
        <button
          type="button"
          commandfor={dialogId}
          command="show-modal"
          disabled={disabled}
          onClick={(event) => setSeats(seatsWanted(event.currentTarget.form))}
          className={buttonClassName}
        >
          {buttonLabel}
        </button>
      ) : (
        <button
          type="submit"
          disabled={disabled}
          aria-disabled={pending || undefined}
          className={buttonClassName}
        >
          {pending ? "Adding…" : buttonLabel}
        </button>
      )}
      {course ? (
        <PartSuspense fallback={null}>
          <ParticipantsDialog
            id={dialogId}
            dialogRef={dialog}
            seats={seats}
            onSeatsChange={setSeats}
            courseTitle={product.title}
            fieldErrors={fieldErrors}
            pending={pending}
          />
        </PartSuspense>
      ) : null}
    </form>
  );
}
