import type { StockStatus } from "../commerce/stock-status";
import type { Product, ProductVariant } from "../commerce/types";
import { type OptionLinks, variantUrlId } from "../commerce/variant-selection";

// A course is booked through its catalogue product (product §2): each variant of a local course
// is a session whose option value is its date ("13 March 2027"); an online course has one variant
// and starts any time. Sessions before today are no longer sold, so the course page leaves them
// out, and a course with nothing left to book shows "Bookings open soon".

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const SESSION_LABEL = /^(\d{1,2})\s+([a-z]+)\s+(\d{4})$/i;

/** "13 March 2027" → "2027-03-13"; null when the label is not such a date. */
export function sessionDate(label: string): string | null {
  const match = SESSION_LABEL.exec(label.trim());
  if (!match) return null;
  const [, day, monthName, year] = match;
  const month = MONTHS.indexOf(monthName?.toLowerCase() ?? "") + 1;
  const date = new Date(Date.UTC(Number(year), month - 1, Number(day)));
  if (month === 0 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** The first option value of a variant that is a date, if any: its session. */
function variantSession(variant: Pick<ProductVariant, "selectedOptions">) {
  for (const option of variant.selectedOptions) {
    const date = sessionDate(option.value);
    if (date) return { date, label: option.value };
  }
  return null;
}

/**
 * The product as it can be booked on `today` (YYYY-MM-DD): without the sessions dated before it,
 * and without their option values. Null when every variant was such a session.
 */
export function withUpcomingSessions(product: Product, today: string): Product | null {
  const variants = product.variants.filter((variant) => {
    const session = variantSession(variant);
    return session === null || session.date >= today;
  });
  if (variants.length === 0) return null;
  const offered = (name: string, value: string) =>
    variants.some((variant) =>
      variant.selectedOptions.some((option) => option.name === name && option.value === value),
    );
  return {
    ...product,
    variants,
    options: product.options.map((option) => ({
      ...option,
      values: option.values.filter((value) => offered(option.name, value)),
    })),
  };
}

export interface CourseSession {
  /** The variant's `?variant=` id. */
  variantId: string;
  label: string;
  date: string;
  /** Seats left (the variant's stock); null when not tracked. */
  seatsLeft: number | null;
  soldOut: boolean;
}

/** The dated sessions of a bookable product, soonest first; none for a course that starts any time. */
export function courseSessions(product: Pick<Product, "variants">): CourseSession[] {
  return product.variants
    .flatMap((variant) => {
      const session = variantSession(variant);
      if (!session) return [];
      const seatsLeft = variant.inventoryQuantity;
      return [
        {
          variantId: variantUrlId(variant.id),
          ...session,
          seatsLeft,
          soldOut: !variant.availableForSale || (seatsLeft !== null && seatsLeft <= 0),
        },
      ];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** "1 seat left", "3 seats left", "Sold out"; nothing when seats are not counted. */
export function seatsLabel(session: Pick<CourseSession, "seatsLeft" | "soldOut">): string {
  if (session.soldOut) return "Sold out";
  if (session.seatsLeft === null) return "";
  return session.seatsLeft === 1 ? "1 seat left" : `${session.seatsLeft} seats left`;
}

/** What a course page offers: its product's booking, or nothing to book yet ("Bookings open soon"). */
export type CourseBooking =
  | { open: false }
  | {
      open: true;
      product: Pick<Product, "handle" | "title" | "images" | "requestAQuote" | "quantityTicker"> & {
        course: boolean;
      };
      /** The chosen session (`?variant=`), as on the product page. */
      variant: ProductVariant | null;
      options: OptionLinks[];
      stock: StockStatus;
      maxQuantity: number | null;
      /** Soonest first, with the time and place the course page gives; none: starts any time. */
      sessions: (CourseSession & { time: string; location: string })[];
    };
