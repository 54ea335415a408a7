import type { Content } from "@prismicio/client";
import {
  type ContentPage,
  formatDate,
  loadByUid,
  loadSingle,
  reshapePage,
} from "./content-document.server";
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
import type { ContentReader } from "./reader.server";

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

export interface PurchaseOrderCheckoutPage extends ContentPage {
  introHtml: string;
  instructionsHtml: string;
}

export function loadPurchaseOrderCheckoutPage(
  reader: ContentReader,
): Promise<PurchaseOrderCheckoutPage | null> {
  return loadSingle(reader, "purchase_order_checkout", (document) => ({
    ...reshapePage(document),
    introHtml: richTextToHtml(document.data.intro),
    instructionsHtml: richTextToHtml(document.data.instructions),
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
