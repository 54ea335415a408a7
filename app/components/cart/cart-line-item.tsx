import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  type CartLine,
  canDecrease,
  clampCartQuantity,
  formatCartMoney,
  showsQuantityControls,
  visibleOptions,
} from "../../lib/commerce/cart";
import { CART_ACTION, isPendingLine } from "../../lib/commerce/cart-optimistic";
import { otherAttributes, participantsOf } from "../../lib/commerce/cart-participants";
import {
  newChangeKey,
  type QueuedQuantityChange,
  queuedChangeFields,
  queueStep,
  shownQuantity,
} from "../../lib/commerce/cart-quantity-queue";
import { ProductImage } from "../product/product-image";
import { useFieldText } from "../ui/use-field-text";
import { useCartLayoutData } from "./use-cart";
import { useCartSubmit } from "./use-cart-submit";

const STEP_BUTTON =
  "inline-flex size-9 items-center justify-center text-lg text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";

/** One line of the cart drawer (product §2, §4): what it is, what it costs, and its controls. */
export function CartLineItem({
  line,
  returnTo,
  hidden = false,
}: {
  line: CartLine;
  returnTo: string;
  /** Removed, awaiting the server's word: kept mounted so a failure can still be told. */
  hidden?: boolean;
}) {
  const options = visibleOptions(line);
  const participants = participantsOf(line.attributes);
  const extras = otherAttributes(line.attributes);
  const pending = isPendingLine(line);
  return (
    <li className="flex gap-4 py-5" aria-busy={pending || undefined} hidden={hidden}>
      <div className="size-20 shrink-0 overflow-hidden rounded-md bg-slate-100">
        {line.productImage ? (
          <ProductImage
            image={line.productImage}
            alt=""
            fixedWidth={80}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900">
            <Link
              to={`/store/products/${line.productHandle}`}
              className="hover:underline focus-visible:underline"
            >
              {line.productTitle}
            </Link>
          </h3>
          <p className="shrink-0 font-semibold text-slate-900">
            <span className="sr-only">Line total: </span>
            {formatCartMoney(line.lineTotal)}
          </p>
        </div>
        {options.length > 0 ? (
          <ul className="mt-1 text-slate-600">
            {options.map((option) => (
              <li key={option.name}>
                {option.name}: {option.value}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-1 text-slate-600">{formatCartMoney(line.productPrice)} each</p>
        {line.sku ? <p className="text-slate-600">SKU: {line.sku}</p> : null}
        {participants.length > 0 ? (
          <div className="mt-2">
            <p className="font-medium text-slate-900">Participants</p>
            <ol className="mt-1 flex flex-col gap-1 text-slate-700">
              {participants.map((participant) => (
                <li key={participant.position}>
                  <span className="font-medium">Participant {participant.position}:</span>{" "}
                  {participant.name}
                  <br />
                  {participant.email} · {participant.phone}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {extras.length > 0 ? (
          <ul className="mt-1 text-slate-600">
            {extras.map((attribute) => (
              <li key={attribute.key}>
                {attribute.key}: {attribute.value}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex items-center justify-between gap-3">
          {showsQuantityControls(line) ? (
            <QuantityControls line={line} returnTo={returnTo} disabled={pending} />
          ) : (
            <p className="text-slate-700">Quantity: {line.quantity}</p>
          )}
          <RemoveButton line={line} returnTo={returnTo} disabled={pending} />
        </div>
      </div>
    </li>
  );
}

function LineFields({
  line,
  returnTo,
  formKey,
}: {
  line: CartLine;
  returnTo: string;
  /** The page's key: a form posted twice without JavaScript changes the line once. */
  formKey?: string | null;
}) {
  return (
    <>
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {formKey ? <input type="hidden" name="formKey" value={formKey} /> : null}
    </>
  );
}

/** product §5: whole numbers, at least 1 (lower values become 1), decrease disabled at 1. */
function QuantityControls({
  line,
  returnTo,
  disabled,
}: {
  line: CartLine;
  returnTo: string;
  disabled: boolean;
}) {
  const inputId = useId();
  const { submit, pending, sending, answer } = useCartSubmit();
  const formKey = useCartLayoutData()?.formKey;
  const form = useRef<HTMLFormElement>(null);
  const increaseForm = useRef<HTMLFormElement>(null);
  // What the shopper does while this line's last change is on its way (product §4).
  const [queued, setQueued] = useState<QueuedQuantityChange | null>(null);
  const shown = shownQuantity(line.quantity, queued);
  // Uncontrolled, so what was typed before the drawer's code woke is kept (use-field-text.ts).
  const draft = useFieldText<HTMLInputElement>(String(shown));
  const input = draft.field.ref;
  const setDraft = draft.set;

  // The server (or another change) moved the quantity: show it, unless the shopper is typing.
  const drawn = useRef(shown);
  useEffect(() => {
    if (drawn.current === shown) return;
    drawn.current = shown;
    if (document.activeElement !== input.current) setDraft(String(shown));
  }, [shown, input, setDraft]);

  // The last change is answered: send what waited, from the quantity the line has now. A press
  // queued before the page drew the change on its way waits for it too (`sending`); its answer
  // brings this back when the render showed no state in between.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is when to look again.
  useEffect(() => {
    if (pending || sending() || !queued) return;
    setQueued(null);
    const fields = queuedChangeFields(line.quantity, queued);
    // Presses go as a change (the + form carries `from`), a typed quantity as a value.
    const sender = "by" in queued ? increaseForm.current : form.current;
    if (fields && sender) submit(sender, { extra: { ...fields, formKey: newChangeKey() } });
  }, [pending, queued, line.quantity, submit, sending, answer]);

  // At the moment of a press: a change sent since the last render counts too (use-cart-submit.ts),
  // or a second press would go out from the quantity before the first.
  const busyNow = () => pending || queued !== null || sending();

  const commit = () => {
    const quantity = clampCartQuantity(draft.text);
    setDraft(String(quantity));
    if (quantity === shown || !form.current || !input.current) return;
    if (busyNow()) {
      setQueued({ to: quantity });
      return;
    }
    input.current.value = String(quantity);
    submit(form.current, { extra: { formKey: newChangeKey() } });
  };

  const step = (by: number) => (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyNow()) {
      setQueued((before) => queueStep(before, by));
      return;
    }
    setDraft(String(clampCartQuantity(line.quantity + by)));
    // Each change its own key: a press repeating an earlier one (+, −, +) is a new change.
    submit(event.currentTarget, { extra: { formKey: newChangeKey() } });
  };

  const title = line.productTitle;
  return (
    <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300">
      <form method="post" action={CART_ACTION} onSubmit={step(-1)}>
        <input type="hidden" name="intent" value="update" />
        <LineFields line={line} returnTo={returnTo} formKey={formKey} />
        <input type="hidden" name="quantity" value={clampCartQuantity(line.quantity - 1)} />
        <input type="hidden" name="from" value={line.quantity} />
        <button
          type="submit"
          aria-label={`Decrease quantity of ${title}`}
          disabled={disabled || !canDecrease(shown)}
          className={STEP_BUTTON}
        >
          −
        </button>
      </form>
      <form
        ref={form}
        method="post"
        action={CART_ACTION}
        onSubmit={(event) => {
          event.preventDefault();
          commit();
        }}
      >
        <input type="hidden" name="intent" value="update" />
        <LineFields line={line} returnTo={returnTo} formKey={formKey} />
        <label htmlFor={inputId} className="sr-only">
          Quantity of {title}
        </label>
        <input
          {...draft.field}
          id={inputId}
          name="quantity"
          type="number"
          inputMode="numeric"
          step={1}
          disabled={disabled}
          onBlur={commit}
          className="h-9 w-14 border-x border-slate-300 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
      </form>
      <form ref={increaseForm} method="post" action={CART_ACTION} onSubmit={step(1)}>
        <input type="hidden" name="intent" value="update" />
        <LineFields line={line} returnTo={returnTo} formKey={formKey} />
        <input type="hidden" name="quantity" value={line.quantity + 1} />
        <input type="hidden" name="from" value={line.quantity} />
        <button
          type="submit"
          aria-label={`Increase quantity of ${title}`}
          disabled={disabled}
          className={STEP_BUTTON}
        >
          +
        </button>
      </form>
    </div>
  );
}

function RemoveButton({
  line,
  returnTo,
  disabled,
}: {
  line: CartLine;
  returnTo: string;
  disabled: boolean;
}) {
  const { submit } = useCartSubmit();
  return (
    <form
      method="post"
      action={CART_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget, { once: true });
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <LineFields line={line} returnTo={returnTo} />
      <button
        type="submit"
        disabled={disabled}
        className="rounded-md px-2 py-1 font-medium text-coral-600 underline underline-offset-2 hover:decoration-2 disabled:text-slate-400"
      >
        Remove<span className="sr-only"> {line.productTitle} from the cart</span>
      </button>
    </form>
  );
}
