import { index, type RouteConfig, route } from "@react-router/dev/routes";

// product §2. Stray duplicate, test and legacy routes (' copy', test{id}, OLD…) are deliberately
// absent: they fall through to the catch-all and answer with the 404 page.
const comingSoon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx"),
  route("preview", "routes/preview.tsx"),
  route("slice-simulator", "routes/slice-simulator.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/revalidate", "routes/api.revalidate.ts"),
  route("api/cart", "routes/api.cart.ts"),
  route("login", "routes/login.tsx"),
  route("contact", "routes/contact.tsx"),
  route("news", "routes/news.tsx"),
  route("news/:uid", "routes/news-article.tsx"),
  route("store/collections/:id", "routes/collection.tsx"),
  route("store/products/:handle", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("api/predictive-search", "routes/api.predictive-search.ts"),
  route("store/:uid", "routes/page.tsx", { id: "shop-page" }),
  route("testimonials", "routes/testimonials.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/:uid", "routes/project.tsx"),
  route("training-centre/:uid", "routes/course.tsx"),
  route("thank-you", "routes/thank-you.tsx", { id: "thank-you" }),
  route("thank-you/:uid", "routes/thank-you.tsx", { id: "thank-you-page" }),
  comingSoon("purchase-order-checkout", "purchase-order-checkout"),
  route("po-thank-you", "routes/thank-you.tsx", { id: "po-thank-you" }),
  route("mailing-list-confirmation", "routes/thank-you.tsx", { id: "mailing-list-confirmation" }),
  route("account", "routes/account.tsx"),
  route("account/login", "routes/account.login.ts"),
  route("account/authorize", "routes/account.authorize.ts"),
  route("account/logout", "routes/account.logout.ts"),
  route("account/orders/:id", "routes/account.orders.$id.tsx"),
  route("account/commercial-orders/:id", "routes/account.commercial-orders.$id.tsx"),
  route("api/auth/:action", "routes/api.auth.ts"),
  route("api/customer/:action", "routes/api.customer.ts"),
  comingSoon("certificate/:course", "certificate"),
  route(":uid", "routes/page.tsx", { id: "page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
