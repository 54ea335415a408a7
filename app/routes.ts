import { index, type RouteConfig, route } from "@react-router/dev/routes";

// SPEC.md §2. Stray duplicate, test and legacy routes (' copy', test{id}, OLD…) are deliberately
// absent: they fall through to the catch-all and answer with the 404 page.
const comingSoon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx"),
  comingSoon("preview", "preview"),
  comingSoon("slice-simulator", "slice-simulator"),
  comingSoon("login", "login"),
  comingSoon("contact", "contact"),
  comingSoon("news", "news"),
  comingSoon("news/:uid", "news-article"),
  comingSoon("store/collections/:id", "collection"),
  comingSoon("store/products/:handle", "product"),
  comingSoon("store/:uid", "shop-page"),
  comingSoon("testimonials", "testimonials"),
  comingSoon("projects", "projects"),
  comingSoon("projects/:uid", "project"),
  comingSoon("training-centre/:uid", "course"),
  comingSoon("thank-you", "thank-you"),
  comingSoon("thank-you/:uid", "thank-you-page"),
  comingSoon("purchase-order-checkout", "purchase-order-checkout"),
  comingSoon("po-thank-you", "po-thank-you"),
  comingSoon("mailing-list-confirmation", "mailing-list-confirmation"),
  comingSoon("account", "account"),
  comingSoon("account/orders/:id", "account-order"),
  comingSoon("account/commercial-orders/:id", "account-commercial-order"),
  comingSoon("certificate/:course", "certificate"),
  route(":uid", "routes/page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
