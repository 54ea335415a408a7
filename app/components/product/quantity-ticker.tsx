import { clampQuantity } from "../../lib/commerce/stock-status";
import { useFieldText } from "../ui/use-field-text";
import { useHydrated } from "./use-hydrated";

// product §5: the decrease button is disabled at 1. The field itself is a plain number input, so it
// works without JavaScript; the buttons need it and stay disabled until the page is interactive.

/**
 * `id`: the field's, unique on the page.
 */
export function QuantityTicker({ id, name, max }: { id: string; name: string; max?: number }) {
  const hydrated = useHydrated();
  const typed = useFieldText<HTMLInputElement>("1");
  const quantity = clampQuantity(Number(typed.text), max);
  const step = (by: number) => typed.set(String(clampQuantity(quantity + by, max)));
  const button =
    "inline-flex size-11 items-center justify-center text-xl text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-slate-900">
        Quantity
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300">
        <button
          type="button"
          aria-label="Decrease quantity"
          aria-controls={id}
          disabled={!hydrated || quantity <= 1}
          onClick={() => step(-1)}
          className={button}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          required
          {...typed.field}
          onBlur={() => typed.set(String(quantity))}
          className="h-11 w-16 border-x border-slate-300 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          aria-controls={id}
          disabled={!hydrated || (max !== undefined && quantity >= max)}
          onClick={() => step(1)}
          className={button}
        >
          +
        </button>
      </div>
    </div>
  );
}
