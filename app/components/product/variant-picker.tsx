import { Link } from "react-router";
import type { OptionLinks } from "../../lib/commerce/variant-selection";

// Each option value is a link to `?variant=<id>`: choosing works without JavaScript, the address
// always names the variant shown, and with JavaScript only the loader's data changes (the page
// keeps its scroll position and focus stays on the value just chosen). The server works out
// where each value leads (product-page.server.ts).

const VALUE_CLASSES =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-2 text-sm";

export function VariantPicker({ options }: { options: OptionLinks[] }) {
  return (
    <div className="flex flex-col gap-5">
      {options.map((option) => {
        const chosen = option.values.find((value) => value.selected);
        return (
          <fieldset key={option.name}>
            <legend className="mb-2 text-sm font-medium text-slate-900">
              {option.name}
              {chosen ? <span className="font-normal text-slate-600">: {chosen.value}</span> : null}
            </legend>
            <ul className="flex flex-wrap gap-2">
              {option.values.map((choice) => {
                const note = !choice.exists
                  ? "not available in this combination"
                  : !choice.available
                    ? "sold out"
                    : null;
                const look = choice.selected
                  ? "border-lagoon-700 bg-lagoon-50 font-semibold text-lagoon-900 ring-1 ring-lagoon-700"
                  : note
                    ? "border-dashed border-slate-300 text-slate-600 hover:border-slate-500"
                    : "border-slate-300 text-slate-900 hover:border-lagoon-700";
                const label = (
                  <>
                    <span className={note ? "line-through decoration-slate-400" : undefined}>
                      {choice.value}
                    </span>
                    {note ? <span className="sr-only"> ({note})</span> : null}
                  </>
                );
                return (
                  <li key={choice.value}>
                    {choice.variantId ? (
                      <Link
                        to={`?variant=${choice.variantId}`}
                        replace
                        preventScrollReset
                        aria-current={choice.selected ? "true" : undefined}
                        className={`${VALUE_CLASSES} ${look}`}
                      >
                        {label}
                      </Link>
                    ) : (
                      <span
                        className={`${VALUE_CLASSES} border-dashed border-slate-200 text-slate-600`}
                      >
                        {label}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
