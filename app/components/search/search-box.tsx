import { useEffect, useId, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { ProductImage } from "../product/product-image";
import type { SearchSuggestion, SearchSuggestions } from "./suggestions";

// The header's search: a GET form to /search that works without JavaScript, and with it a
// WAI-ARIA 1.2 combobox (an editable input with a listbox popup) that suggests products as the
// shopper types. Arrow keys move through the suggestions, Enter opens the one highlighted (or
// searches), Escape closes the list, then clears the field. Below the desktop breakpoint the
// header shows a link to the search page instead.

const DEBOUNCE_MS = 200;

function SearchIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

const productHref = (suggestion: SearchSuggestion) =>
  `/store/products/${encodeURIComponent(suggestion.handle)}`;
const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

export function SearchBox() {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<SearchSuggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const term = query.trim();
  const current = suggestions && suggestions.query === term ? suggestions.products : null;
  // The suggestions, then "Search for …" as the last option.
  const optionCount = current ? current.length + 1 : 0;
  const expanded = open && term.length > 0 && current !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to navigation.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/predictive-search?q=${encodeURIComponent(term)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        const body = (await response.json()) as SearchSuggestions;
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

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
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
      } else if (query) {
        event.preventDefault();
        setQuery("");
      }
    }
  };

  return (
    <>
      <Link
        to="/search"
        aria-label="Search"
        className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-lagoon-900 hover:bg-lagoon-50 nav:hidden"
      >
        <SearchIcon className="size-6" />
      </Link>
      <Form
        method="get"
        action="/search"
        role="search"
        className="relative hidden nav:block"
        onSubmit={() => setOpen(false)}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products
        </label>
        <input
          id={`${id}-input`}
          type="search"
          name="q"
          required
          maxLength={200}
          autoComplete="off"
          placeholder="Search products"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="h-10 w-44 rounded-full border border-slate-300 bg-white pr-10 pl-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-lagoon-600 xl:w-60 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="absolute top-0 right-0 inline-flex size-10 items-center justify-center rounded-full text-lagoon-800 hover:bg-lagoon-50"
        >
          <SearchIcon className="size-5" />
        </button>
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
      </Form>
    </>
  );
}
