/**
 * Content document type → path, exactly as product §2 lists them; any other type goes to `/`.
 * Used by the Prismic client and by the app, so links and routes cannot disagree.
 */
export interface LinkableDocument {
  type: string;
  uid?: string | null;
}

export function resolveDocumentPath({ type, uid }: LinkableDocument): string {
  switch (type) {
    case "home_page":
      return "/";
    case "standard_page":
      return uid ? `/${uid}` : "/";
    case "thank_you_page":
      return uid ? `/thank-you/${uid}` : "/thank-you";
    case "contact_page":
      return "/contact";
    case "login_page":
      return "/login";
    case "testimonials":
      return "/testimonials";
    case "purchase_order_checkout":
      return "/purchase-order-checkout";
    case "news_blog_home":
      return "/news";
    case "news_blog_page":
      return uid ? `/news/${uid}` : "/news";
    case "online_course_page":
    case "local_course_page":
      return uid ? `/training-centre/${uid}` : "/";
    case "project_home":
      return "/projects";
    case "project_page":
      return uid ? `/projects/${uid}` : "/projects";
    case "shop_page":
      return uid ? `/store/${uid}` : "/";
    default:
      return "/";
  }
}
