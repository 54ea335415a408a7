import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { SearchIcon } from "../ui/icons";
import type { SearchSuggestions } from "./search-suggestions";

// The header's search: a GET form to /search that works without JavaScript. Its suggestions
// (search-suggestions.tsx) load the first time the field takes focus, so pages carry their code
// only once someone searches (docs/decisions/001-javascript-budget.md). Below the desktop
// breakpoint the header shows a link to the search page instead.

type Suggestions = typeof SearchSuggestions;
let loading: Promise<Suggestions> | undefined;

export function SearchBox() {
  // One search box per page, in the header.
  const id = "site-search";
  const listboxId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<Suggestions | null>(null);

  const loadSuggestions = () => {
    loading ??= import("./search-suggestions").then((module) => module.SearchSuggestions);
    // Without them (their chunk failed to load) the field stays a plain search form.
    loading.then((component) => setSuggestions(() => component)).catch(() => undefined);
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
      <Form method="get" action="/search" role="search" className="relative hidden nav:block">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search products
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          name="q"
          required
          maxLength={200}
          autoComplete="off"
          placeholder="Search products"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls={listboxId}
          onFocus={Suggestions ? undefined : loadSuggestions}
          className="h-10 w-44 rounded-full border border-slate-300 bg-white pr-10 pl-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-lagoon-600 xl:w-60 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="absolute top-0 right-0 inline-flex size-10 items-center justify-center rounded-full text-lagoon-800 hover:bg-lagoon-50"
        >
          <SearchIcon className="size-5" />
        </button>
        {Suggestions ? (
          <Suggestions input={input} listboxId={listboxId} />
        ) : (
          <div id={listboxId} role="listbox" aria-label="Suggestions" hidden />
        )}
      </Form>
    </>
  );
}
