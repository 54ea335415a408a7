import { Link, useLocation } from "react-router";

/** Stand-in for screens that later issues build; it says so plainly and is never indexed. */
export function meta() {
  return [{ title: "Coming soon — Coral Bay Pool & Spa" }, { name: "robots", content: "noindex" }];
}

export default function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <div className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-lagoon-900">Coming soon</h1>
      <p className="mt-4 text-slate-700">
        This part of the shop ({pathname}) is being built. Please check back shortly.
      </p>
      <Link to="/" className="mt-6 inline-block font-semibold text-lagoon-700 underline">
        Back to the home page
      </Link>
    </div>
  );
}
