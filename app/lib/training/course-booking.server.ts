import type { RouterContextProvider } from "react-router";
import { toPageError } from "../commerce/catalog-page.server";
import { productPageData } from "../commerce/product-page.server";
import type { Course } from "../content/courses.server";
import { servicesContext, shopperContext } from "../request-context.server";
import { type CourseBooking, courseSessions, withUpcomingSessions } from "./course-booking";

/** Today in the form session dates take, YYYY-MM-DD. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * What a course page offers for booking (product §2): its product's upcoming sessions, price,
 * seats left and the add-to-cart of the product page, with `?variant=` choosing the session. A
 * product the catalogue does not have (missing, unpublished) or with no session left is not open
 * for booking; a failing storefront is the error page, as on the product page.
 */
export async function loadCourseBooking(
  context: Readonly<RouterContextProvider>,
  course: Course,
  variantParam: string | null,
  on: string = today(),
): Promise<CourseBooking> {
  const product = course.productHandle
    ? await context
        .get(shopperContext)
        .catalog.getProduct(course.productHandle)
        .catch((error: unknown) => {
          throw toPageError(error, context);
        })
    : null;
  const bookable = product && withUpcomingSessions(product, on);
  if (!bookable) return { open: false };

  const page = productPageData(
    bookable,
    variantParam,
    context.get(servicesContext).config.publicUrl,
  );
  const { handle, title, images, requestAQuote, quantityTicker, course: isCourse } = page.product;
  const planned = new Map(course.sessions.map((session) => [session.date, session]));
  return {
    open: true,
    product: { handle, title, images, requestAQuote, quantityTicker, course: isCourse },
    variant: page.variant,
    options: page.options,
    stock: page.stock,
    maxQuantity: page.maxQuantity,
    // The content's plan adds the time and place of each session the catalogue sells.
    sessions: courseSessions(bookable).map((session) => ({
      ...session,
      time: planned.get(session.date)?.time ?? "",
      location: planned.get(session.date)?.location ?? "",
    })),
  };
}
