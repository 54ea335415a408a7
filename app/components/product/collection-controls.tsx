import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import {
  COLLECTION_SORTS,
  type CollectionView,
  collectionViewSearch,
} from "../../lib/commerce/collection-view";
import { useHydrated } from "./use-hydrated";

// Sorting and tag filtering for a collection page. Both are GET requests to the page itself, so
// each view has its own address and works without JavaScript; a new sort or tag starts again at
// the first page.

export function SortForm({ view }: { view: CollectionView }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const select = useRef<HTMLSelectElement>(null);
  // A sort chosen before the page's code woke is applied once it has: with JavaScript, choosing
  // is applying, and the page shows the sort the shopper chose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the page woke up to, once.
  useEffect(() => {
    const chosen = select.current;
    if (chosen && chosen.value !== view.sort) submit(chosen.form, { preventScrollReset: true });
  }, []);
  return (
    <Form method="get" preventScrollReset className="flex items-center gap-2">
      {view.tag ? <input type="hidden" name="tag" value={view.tag} /> : null}
      <label htmlFor="collection-sort" className="text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        key={view.sort}
        ref={select}
        id="collection-sort"
        name="sort"
        defaultValue={view.sort}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        className="h-10 rounded-md border border-slate-300 bg-white pr-8 pl-3 text-sm text-slate-900"
      >
        {COLLECTION_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button
          type="submit"
          className="h-10 rounded-md border border-lagoon-700 px-3 text-sm font-semibold text-lagoon-800 hover:bg-lagoon-50"
        >
          Apply
        </button>
      )}
    </Form>
  );
}

function TagLink({
  basePath,
  view,
  tag,
  children,
}: {
  basePath: string;
  view: CollectionView;
  tag: string | null;
  children: React.ReactNode;
}) {
  const current = view.tag === tag;
  return (
    <Link
      to={`${basePath}${collectionViewSearch({ sort: view.sort, tag })}`}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 capitalize hover:border-lagoon-700 hover:text-lagoon-800 aria-[current=true]:border-lagoon-700 aria-[current=true]:bg-lagoon-700 aria-[current=true]:text-white"
    >
      {children}
    </Link>
  );
}

interface TagFilterProps {
  /** The collection page's path, without a query string. */
  basePath: string;
  view: CollectionView;
  tags: string[];
}

function TagList({ basePath, view, tags }: TagFilterProps) {
  return (
    <ul className="flex flex-wrap gap-2">
      <li>
        <TagLink basePath={basePath} view={view} tag={null}>
          All products
        </TagLink>
      </li>
      {tags.map((tag) => (
        <li key={tag}>
          <TagLink basePath={basePath} view={view} tag={tag}>
            {tag}
          </TagLink>
        </li>
      ))}
    </ul>
  );
}

/** Tags from the collection's first 250 products (product §9): a sidebar, a disclosure on phones. */
export function TagFilter({ basePath, view, tags }: TagFilterProps) {
  if (tags.length === 0) return null;
  return (
    <>
      <nav aria-label="Filter by tag" className="hidden lg:block">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-900 uppercase">
          Filter by tag
        </h2>
        <TagList basePath={basePath} view={view} tags={tags} />
      </nav>
      <details className="group rounded-lg border border-slate-200 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
          <span>
            Filter by tag
            {view.tag ? <span className="font-normal text-slate-600">: {view.tag}</span> : null}
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <nav aria-label="Filter by tag" className="border-t border-slate-200 p-4">
          <TagList basePath={basePath} view={view} tags={tags} />
        </nav>
      </details>
    </>
  );
}
