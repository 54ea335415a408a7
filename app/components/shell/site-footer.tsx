import { Link } from "react-router";
import type { PageShell } from "../../lib/content/shell.server";
import type { NewsletterOutcome } from "../../lib/newsletter/outcome";
import { SocialIcon } from "../ui/icons";
import { NewsletterForm } from "./newsletter-form";

function isInternal(href: string) {
  return href.startsWith("/") && !href.startsWith("//");
}

function FooterLink({ href, children }: { href: string; children: React.ReactNode }) {
  const className = "text-lagoon-100 hover:text-white hover:underline";
  return isInternal(href) ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

export function SiteFooter({
  shell,
  year,
  newsletter,
}: {
  shell: PageShell;
  year: number;
  /** The outcome of a sign-up posted without JavaScript, shown once. */
  newsletter: NewsletterOutcome | null;
}) {
  return (
    <footer className="mt-16 bg-lagoon-900 text-lagoon-50">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-12">
        {shell.footerLists.map((list) => (
          <nav key={list.heading} aria-label={list.heading} className="lg:col-span-2">
            <h2 className="font-semibold text-white">{list.heading}</h2>
            <ul className="mt-3 space-y-2">
              {list.links.map((link) => (
                <li key={link.href}>
                  <FooterLink href={link.href}>{link.label}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="col-span-2 lg:col-span-3">
          <h2 className="font-semibold text-white">Contact us</h2>
          <address className="mt-3 space-y-2 break-words not-italic">
            {shell.contactInfo.map((entry) => (
              <p key={entry.label}>
                <span className="block text-sm text-lagoon-200">{entry.label}</span>
                {entry.href ? <FooterLink href={entry.href}>{entry.text}</FooterLink> : entry.text}
              </p>
            ))}
          </address>
        </div>
        <div className="col-span-2 lg:col-span-3">
          <h2 id="newsletter-heading" className="font-semibold text-white">
            Pool tips in your inbox
          </h2>
          <p className="mt-2 text-sm text-lagoon-100">
            Seasonal care guides, course dates and member offers. No spam.
          </p>
          <NewsletterForm notice={newsletter} />
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Follow us">
            {shell.socialLinks.map((social) => (
              <li key={social.platform}>
                <a
                  href={social.href}
                  aria-label={`${shell.siteName} on ${social.platform}`}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/25"
                >
                  <SocialIcon platform={social.platform} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-lagoon-200">
          © {year} {shell.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
