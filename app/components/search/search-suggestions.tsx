import { type RefObject, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ProductImage } from "../product/product-image";
import type { SearchSuggestion, SearchSuggestions as Suggestions } from "./suggestions";

// The search box's suggestions (search-box.tsx), loaded the first time its field takes focus. With
// them the field is a WAI-ARIA 1.2 combobox (an editable input with a listbox popup) that
// suggests products as the shopper types. Arrow keys move through the suggestions, Enter opens
// the one highlighted (or searches), Escape closes the list, then clears the field. The field
// itself belongs to the search box, which rendered it before this code arrived: its events and
// its aria-expanded and aria-activedescendant are handled here.

const DEBOUNCE_MS = 200;

const productHref = (suggestion: SearchSuggestion) =>
  `/store/products/${encodeURIComponent(suggestion.handle)}`;
const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

export function SearchSuggestions({
  input,
  listboxId,
}: {
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
}) {
  const optionId = (index: number) => `${listboxId}-${index}`;
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState(() => input.current?.value ?? "");
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  // The field has focus when this code arrives: that focus is what loaded it.
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const [active, setActive] = useState(-1);
  const [locationKey, setLocationKey] = useState(location.key);

  const term = query.trim();
  const current = suggestions && suggestions.query === term ? suggestions.products : null;
  // The suggestions, then "Search for …" as the last option.
  const optionCount = current ? current.length + 1 : 0;
  const expanded = open && term.length > 0 && current !== null;

  // A navigation closes the list.
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    setOpen(false);
    setActive(-1);
  }

  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/predictive-search?q=${encodeURIComponent(term)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        const body = (await response.json()) as Suggestions;
        setSuggestions({ query: term, products: response.ok ? body.products : [] });
      } catch (error) {
        if ((error as Error).name !== "AbortError") setSuggestions({ query: term, products: [] });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const go = (index: number) => {
    const suggestion = current?.[index];
    setOpen(false);
    setActive(-1);
    navigate(suggestion ? productHref(suggestion) : searchHref(term));
  };

  // Bound again after every render, so the handlers see this render's state.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    // What was typed before this code arrived counts too.
    if (field.value !== query) setQuery(field.value);
    field.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) field.setAttribute("aria-activedescendant", optionId(active));
    else field.removeAttribute("aria-activedescendant");

    const onInput = () => {
      setQuery(field.value);
      setOpen(true);
      setActive(-1);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (optionCount === 0) return;
        event.preventDefault();
        setOpen(true);
        const down = event.key === "ArrowDown";
        setActive((index) =>
          !expanded || index < 0
            ? down
              ? 0
              : optionCount - 1
            : (index + (down ? 1 : optionCount - 1)) % optionCount,
        );
      } else if (event.key === "Enter" && expanded && active >= 0) {
        event.preventDefault();
        go(active);
      } else if (event.key === "Escape") {
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (field.value) {
          event.preventDefault();
          field.value = "";
          setQuery("");
        }
      }
    };
    const listeners = [
      ["input", onInput],
      ["focus", onFocus],
      ["blur", onBlur],
      ["keydown", onKeyDown],
    ] as const;
    for (const [type, listener] of listeners)
      field.addEventListener(type, listener as EventListener);
    field.form?.addEventListener("submit", onBlur);
    return () => {
      for (const [type, listener] of listeners) {
        field.removeEventListener(type, listener as EventListener);
      }
      field.form?.removeEventListener("submit", onBlur);
    };
  });

  return (
    <>
      <div
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        // Keeps focus in the input while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 z-30 mt-2 w-96 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-xl"
      >
        {(current ?? []).map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options are reached from the input through aria-activedescendant (arrows and Enter), so they take no focus themselves.
          <div
            key={suggestion.handle}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => go(index)}
            className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-lagoon-50 aria-selected:bg-lagoon-100"
          >
            {suggestion.image ? (
              <ProductImage
                image={suggestion.image}
                alt=""
                fixedWidth={40}
                eager
                className="size-10 shrink-0 rounded bg-slate-100 object-cover"
              />
            ) : (
              <span className="size-10 shrink-0 rounded bg-slate-100" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">
                {suggestion.title}
              </span>
              <span className="block text-xs text-slate-600">
                {suggestion.productType} · {suggestion.price}
              </span>
            </span>
          </div>
        ))}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: as above. */}
        <div
          id={optionId(current?.length ?? 0)}
          role="option"
          aria-selected={active === (current?.length ?? 0)}
          onClick={() => go(current?.length ?? 0)}
          className="cursor-pointer border-t border-slate-100 px-3 py-2 text-sm font-medium text-lagoon-800 hover:bg-lagoon-50 aria-selected:bg-lagoon-100"
        >
          {current?.length === 0
            ? `No matching products. Search for “${term}”`
            : `See all results for “${term}”`}
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {expanded
          ? current && current.length > 0
            ? `${current.length} ${current.length === 1 ? "suggestion" : "suggestions"}, use the arrow keys to choose.`
            : "No matching products."
          : ""}
      </p>
    </>
  );
}
