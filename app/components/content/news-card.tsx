import { Link } from "react-router";
import type { NewsSummary } from "../../lib/content/pages.server";
import { ContentImg } from "../../slices/parts";

export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-lagoon-50 px-2.5 py-0.5 text-xs font-medium text-lagoon-800"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function NewsCard({ article }: { article: NewsSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {article.coverImage ? (
        <ContentImg
          image={{ ...article.coverImage, alt: "" }}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <time dateTime={article.date} className="text-sm text-slate-600">
          {article.dateLabel}
        </time>
        <h2 className="text-xl font-semibold text-lagoon-900">
          <Link to={article.path} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        {article.excerpt ? <p className="text-slate-700">{article.excerpt}</p> : null}
        <Tags tags={article.tags} />
      </div>
    </article>
  );
}
