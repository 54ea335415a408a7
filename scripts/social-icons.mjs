import { mkdirSync, writeFileSync } from "node:fs";
import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";

/**
 * Writes the footer's social icons as one SVG sprite into public/, at build time: the footer
 * points at it with <use>, so the icons' paths stay out of every page's JavaScript and the
 * browser caches them once. LinkedIn's mark is not in simple-icons (the brand asked for its
 * removal): a plain "in" tile stands in.
 */
const LINKEDIN =
  "M3 3h18v18H3V3Zm4.2 7.6v7h2.3v-7H7.2Zm1.15-3.5a1.33 1.33 0 1 0 0 2.66 1.33 1.33 0 0 0 0-2.66Zm3.1 3.5v7h2.3v-3.7c0-1 .2-1.9 1.4-1.9 1.2 0 1.2 1.1 1.2 2v3.6h2.3v-4.1c0-2-.4-3.5-2.8-3.5-1.1 0-1.9.6-2.2 1.2v-.6h-2.5Z";

const icons = {
  facebook: siFacebook.path,
  instagram: siInstagram.path,
  linkedin: LINKEDIN,
  tiktok: siTiktok.path,
  x: siX.path,
  youtube: siYoutube.path,
};

const symbols = Object.entries(icons)
  .map(([id, path]) => `<symbol id="${id}" viewBox="0 0 24 24"><path d="${path}"/></symbol>`)
  .join("");
mkdirSync("public/icons", { recursive: true });
writeFileSync(
  "public/icons/social.svg",
  `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>\n`,
);
