import { type Content, filter } from "@prismicio/client";
import type { DocumentMeta } from "../seo";
import type { ContentClient } from "./client.server";
import {
  type ContentImage,
  type ContentLink,
  reshapeImage,
  reshapeLink,
  richTextToHtml,
  richTextToPlain,
  text,
} from "./fields";
import { resolveDocumentPath } from "./link-resolver";
import { type ContentReader, orNull } from "./reader.server";
import { reshapeSlices, type SliceView } from "./slices";

/** What every content page has, whatever its type. */
export interface ContentPage {
  id: string;
  type: string;
  uid: string | null;
  path: string;
  title: string;
  slices: SliceView[];
  meta: DocumentMeta;
  firstPublished: string;
  lastPublished: string;
}

type PageDocument = Content.AllDocumentTypes & {
  data: Content.StandardPageDocumentData | Content.HomePageDocumentData;
};

export function reshapePage(document: Content.AllDocumentTypes): ContentPage {
  const data = (document as PageDocument).data;
  return {
    id: document.id,
    type: document.type,
    uid: document.uid ?? null,
    path: resolveDocumentPath(document),
    title: richTextToPlain(data.title),
    slices: reshapeSlices(data.slices),
    meta: {
      title: text(data.meta_title),
      description: text(data.meta_description),
      image: reshapeImage(data.meta_image),
    },
    firstPublished: document.first_publication_date,
    lastPublished: document.last_publication_date,
  };
}

/** Shown as "12 March 2025"; formatted here so server and browser render the same text. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const time = Date.parse(value);
  if (Number.isNaN(time)) return "";
  return new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "UTC" }).format(time);
}

type UidType =
  | "standard_page"
  | "shop_page"
  | "thank_you_page"
  | "news_blog_page"
  | "project_page"
  | "online_course_page"
  | "local_course_page";

type DocumentType = Content.AllDocumentTypes["type"];

/** The client's own typing of a document of type T. */
type DocumentOf<T extends DocumentType> =
  Extract<Content.AllDocumentTypes, { type: T }> extends never
    ? Content.AllDocumentTypes
    : Extract<Content.AllDocumentTypes, { type: T }>;

const byUid = <T extends UidType>(client: ContentClient, type: T, uid: string) =>
  orNull(client.getByUID(type, uid));

/** A page with only one document of its type, reshaped and cached under the type; null if none. */
function loadSingle<T extends DocumentType, Page>(
  reader: ContentReader,
  type: T,
  reshape: (document: DocumentOf<T>) => Page,
): Promise<Page | null> {
  return reader.load(type, async (client) => {
    const document = await orNull(client.getSingle(type));
    return document ? reshape(document) : null;
  });
}

/** A page addressed by its uid, reshaped and cached under `type:uid`; null if there is none. */
function loadByUid<T extends UidType, Page>(
  reader: ContentReader,
  type: T,
  uid: string,
  reshape: (document: DocumentOf<T>) => Page,
): Promise<Page | null> {
  return reader.load(`${type}:${uid}`, async (client) => {
    const document = await byUid(client, type, uid);
    return document ? reshape(document) : null;
  });
}

// --- pages whose content is a title and slices --------------------------------------------

export function loadHomePage(reader: ContentReader): Promise<ContentPage | null> {
  return loadSingle(reader, "home_page", reshapePage);
}

export function loadPageByUid(
  reader: ContentReader,
  type: "standard_page" | "shop_page",
  uid: string,
): Promise<(ContentPage & { introHtml: string }) | null> {
  return loadByUid(reader, type, uid, (document) => {
    const intro = document.type === "shop_page" ? document.data.intro : null;
    return { ...reshapePage(document), introHtml: richTextToHtml(intro) };
  });
}

/** The landing pages of a section: News and Projects. */
export function loadSectionHome(
  reader: ContentReader,
  type: "news_blog_home" | "project_home",
): Promise<(ContentPage & { introHtml: string }) | null> {
  return loadSingle(reader, type, (document) => ({
    ...reshapePage(document),
    introHtml: richTextToHtml(document.data.intro),
  }));
}

// --- thank-you, contact, login, testimonials -------------------------------------------------

export interface ThankYouPage extends ContentPage {
  messageHtml: string;
  cta: ContentLink | null;
}

export function loadThankYouPage(reader: ContentReader, uid: string): Promise<ThankYouPage | null> {
  return loadByUid(reader, "thank_you_page", uid, (document) => ({
    ...reshapePage(document),
    messageHtml: richTextToHtml(document.data.message),
    cta: reshapeLink(document.data.cta_label, document.data.cta_link),
  }));
}

export interface ContactPage extends ContentPage {
  introHtml: string;
  address: string;
  phone: string;
  email: string;
  openingHours: { days: string; hours: string }[];
}

export function loadContactPage(reader: ContentReader): Promise<ContactPage | null> {
  return loadSingle(reader, "contact_page", (document) => {
    const { data } = document;
    return {
      ...reshapePage(document),
      introHtml: richTextToHtml(data.intro),
      address: text(data.address),
      phone: text(data.phone),
      email: text(data.email),
      openingHours: data.opening_hours
        .map((entry) => ({ days: text(entry.days), hours: text(entry.hours) }))
        .filter((entry) => entry.days),
    };
  });
}

export interface LoginPage extends ContentPage {
  introHtml: string;
  benefits: string[];
}

export function loadLoginPage(reader: ContentReader): Promise<LoginPage | null> {
  return loadSingle(reader, "login_page", (document) => ({
    ...reshapePage(document),
    introHtml: richTextToHtml(document.data.intro),
    benefits: document.data.benefits.map((entry) => text(entry.benefit)).filter(Boolean),
  }));
}

export interface Testimonial {
  quoteHtml: string;
  name: string;
  location: string;
  service: string;
  rating: number | null;
  dateLabel: string;
}

export interface TestimonialsPage extends ContentPage {
  introHtml: string;
  testimonials: Testimonial[];
}

export function loadTestimonialsPage(reader: ContentReader): Promise<TestimonialsPage | null> {
  return loadSingle(reader, "testimonials", (document) => ({
    ...reshapePage(document),
    introHtml: richTextToHtml(document.data.intro),
    testimonials: document.data.testimonials.flatMap((entry) => {
      const quoteHtml = richTextToHtml(entry.quote);
      if (!quoteHtml) return [];
      return [
        {
          quoteHtml,
          name: text(entry.name),
          location: text(entry.location),
          service: text(entry.service),
          rating: typeof entry.rating === "number" ? entry.rating : null,
          dateLabel: formatDate(entry.date),
        },
      ];
    }),
  }));
}

// --- news -----------------------------------------------------------------------------------

export interface NewsSummary {
  uid: string;
  path: string;
  title: string;
  date: string;
  dateLabel: string;
  tags: string[];
  excerpt: string;
  coverImage: ContentImage | null;
}

export type NewsArticle = Omit<ContentPage, "uid"> &
  NewsSummary & {
    author: string;
    bodyHtml: string;
  };

function reshapeNewsSummary(document: Content.NewsBlogPageDocument): NewsSummary {
  const date = document.data.date ?? document.first_publication_date.slice(0, 10);
  return {
    uid: document.uid,
    path: resolveDocumentPath(document),
    title: richTextToPlain(document.data.title),
    date,
    dateLabel: formatDate(date),
    tags: document.tags,
    excerpt: text(document.data.excerpt),
    coverImage: reshapeImage(document.data.cover_image),
  };
}

export function loadNewsArticle(reader: ContentReader, uid: string): Promise<NewsArticle | null> {
  return loadByUid(reader, "news_blog_page", uid, (document) => ({
    ...reshapePage(document),
    ...reshapeNewsSummary(document),
    author: text(document.data.author),
    bodyHtml: richTextToHtml(document.data.body),
  }));
}

/** Articles per page of /news. */
export const NEWS_PAGE_SIZE = 4;

export interface NewsList {
  articles: NewsSummary[];
  page: number;
  totalPages: number;
}

/** Newest first; a page past the last one is null (the route answers 404). */
export function loadNewsList(reader: ContentReader, page: number): Promise<NewsList | null> {
  return reader.load(`news_blog_page:list:${page}`, async (client) => {
    const response = await client.getByType("news_blog_page", {
      page,
      pageSize: NEWS_PAGE_SIZE,
      orderings: [
        { field: "my.news_blog_page.date", direction: "desc" },
        { field: "document.first_publication_date", direction: "desc" },
      ],
    });
    if (page > 1 && response.results.length === 0) return null;
    return {
      articles: response.results.map(reshapeNewsSummary),
      page,
      totalPages: Math.max(1, response.total_pages),
    };
  });
}

// --- projects -------------------------------------------------------------------------------

export interface ProjectSummary {
  uid: string;
  path: string;
  title: string;
  location: string;
  category: string;
  completed: string;
  completedLabel: string;
  summary: string;
  coverImage: ContentImage | null;
}

export type Project = Omit<ContentPage, "uid"> & ProjectSummary & { bodyHtml: string };

function reshapeProjectSummary(document: Content.ProjectPageDocument): ProjectSummary {
  return {
    uid: document.uid,
    path: resolveDocumentPath(document),
    title: richTextToPlain(document.data.title),
    location: text(document.data.location),
    category: text(document.data.category),
    completed: document.data.completed ?? "",
    completedLabel: formatDate(document.data.completed),
    summary: text(document.data.summary),
    coverImage: reshapeImage(document.data.cover_image),
  };
}

export function loadProject(reader: ContentReader, uid: string): Promise<Project | null> {
  return loadByUid(reader, "project_page", uid, (document) => ({
    ...reshapePage(document),
    ...reshapeProjectSummary(document),
    bodyHtml: richTextToHtml(document.data.body),
  }));
}

export function loadProjects(reader: ContentReader): Promise<ProjectSummary[]> {
  return reader.load("project_page:list", async (client) => {
    const documents = await client.getAllByType("project_page", {
      orderings: [{ field: "my.project_page.completed", direction: "desc" }],
    });
    return documents.map(reshapeProjectSummary);
  });
}

// --- courses --------------------------------------------------------------------------------

export interface Course extends ContentPage {
  kind: "online" | "local";
  /** The name customer records and certificates use, e.g. "Pool Operations Certificate". */
  courseName: string;
  instructor: string;
  summaryHtml: string;
  coverImage: ContentImage | null;
  duration: string;
  price: string;
  /** The catalogue product that books the course; its variants are the sessions. */
  productHandle: string | null;
  modules: { title: string; description: string }[];
  venue: string;
  sessions: { date: string; dateLabel: string; time: string; location: string }[];
}

function reshapeCourse(
  document: Content.OnlineCoursePageDocument | Content.LocalCoursePageDocument,
): Course {
  const { data } = document;
  const page = reshapePage(document);
  return {
    ...page,
    kind: document.type === "online_course_page" ? "online" : "local",
    courseName: text(data.course_name).trim() || page.title,
    instructor: text(data.instructor).trim(),
    summaryHtml: richTextToHtml(data.summary),
    coverImage: reshapeImage(data.cover_image),
    duration: text(data.duration),
    price: text(data.price),
    productHandle: text(data.product_handle).trim() || null,
    modules:
      document.type === "online_course_page"
        ? document.data.modules
            .map((entry) => ({ title: text(entry.title), description: text(entry.description) }))
            .filter((entry) => entry.title)
        : [],
    venue: document.type === "local_course_page" ? text(document.data.venue) : "",
    sessions:
      document.type === "local_course_page"
        ? document.data.sessions.flatMap((entry) =>
            entry.date
              ? [
                  {
                    date: entry.date,
                    dateLabel: formatDate(entry.date),
                    time: text(entry.time),
                    location: text(entry.location),
                  },
                ]
              : [],
          )
        : [],
  };
}

/** Online and local courses share /training-centre/{uid} (product §2). */
export function loadCourse(reader: ContentReader, uid: string): Promise<Course | null> {
  return reader.load(`course:${uid}`, async (client) => {
    const [online, local] = await Promise.all([
      byUid(client, "online_course_page", uid),
      byUid(client, "local_course_page", uid),
    ]);
    const document = online ?? local;
    return document ? reshapeCourse(document) : null;
  });
}

/** Every course page, online and local, by title. */
export function loadCourses(reader: ContentReader): Promise<Course[]> {
  return reader.load("courses", async (client) => {
    const [online, local] = await Promise.all([
      client.getAllByType("online_course_page"),
      client.getAllByType("local_course_page"),
    ]);
    return [...online, ...local].map(reshapeCourse).sort((a, b) => a.title.localeCompare(b.title));
  });
}

// --- sitemap --------------------------------------------------------------------------------

/** Document types with a public, indexable page; thank-you and sign-in pages are not. */
export const INDEXED_TYPES = [
  "home_page",
  "standard_page",
  "contact_page",
  "testimonials",
  "news_blog_home",
  "news_blog_page",
  "online_course_page",
  "local_course_page",
  "project_home",
  "project_page",
  "shop_page",
] as const;

export interface SitemapEntry {
  path: string;
  lastModified: string;
}

/** Every indexed document, paged through by the client (100 a page, product §9). */
export async function loadSitemapEntries(client: ContentClient): Promise<SitemapEntry[]> {
  const documents = await client.dangerouslyGetAll({
    filters: [filter.any("document.type", [...INDEXED_TYPES])],
    orderings: [{ field: "document.first_publication_date" }],
  });
  const byPath = new Map<string, SitemapEntry>();
  for (const document of documents) {
    const path = resolveDocumentPath(document);
    const lastModified = new Date(document.last_publication_date).toISOString();
    const known = byPath.get(path);
    if (!known || known.lastModified < lastModified) byPath.set(path, { path, lastModified });
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}
