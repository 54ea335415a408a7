import { type CourseBooking, seatsLabel } from "../../lib/training/course-booking";
import { Price } from "../product/price";
import { ProductForm } from "../product/product-form";
import { StockMessage } from "../product/stock-message";
import { VariantPicker } from "../product/variant-picker";

/**
 * A course page's booking box: the sessions still to come with their seats, the price, and the
 * product page's own session picker and add-to-cart with participants (product §2, §3).
 */
export function CourseBookingPanel({ booking }: { booking: CourseBooking }) {
  return (
    <section aria-labelledby="course-booking" className="mt-6 border-t border-lagoon-200 pt-6">
      <h2 id="course-booking" className="text-xl font-semibold text-lagoon-900">
        Book this course
      </h2>
      {booking.open ? (
        <OpenBooking booking={booking} />
      ) : (
        <p className="mt-2 font-semibold text-slate-800">Bookings open soon</p>
      )}
    </section>
  );
}

function OpenBooking({ booking }: { booking: Extract<CourseBooking, { open: true }> }) {
  const { product, variant, options, stock, maxQuantity, sessions } = booking;
  return (
    <div className="mt-3 flex flex-col gap-5">
      {variant ? (
        <div>
          <Price
            price={variant.price}
            compareAtPrice={variant.compareAtPrice}
            className="text-2xl text-slate-900"
          />
          <p className="text-sm text-slate-600">Per participant. Prices include GST.</p>
        </div>
      ) : null}
      {sessions.length > 0 ? (
        <div>
          <h3 className="font-semibold text-lagoon-900">Upcoming sessions</h3>
          <ul className="mt-2 space-y-3">
            {sessions.map((session) => (
              <li key={session.variantId} className="text-slate-700">
                <time dateTime={session.date} className="font-medium text-slate-900">
                  {session.label}
                </time>
                {session.time ? <span>, {session.time}</span> : null}
                {session.location ? (
                  <span className="block text-sm">{session.location}</span>
                ) : null}
                <span
                  className={`block text-sm font-medium ${session.soldOut ? "text-slate-600" : "text-emerald-800"}`}
                >
                  {seatsLabel(session)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="font-medium text-slate-900">Start any time</p>
      )}
      {options.length > 0 ? <VariantPicker options={options} /> : null}
      {options.length > 0 ? <StockMessage status={stock} variantTitle={variant?.title} /> : null}
      <ProductForm
        handle={product.handle}
        product={product}
        variant={variant}
        purchasable={stock.purchasable}
        maxQuantity={maxQuantity}
        requestAQuote={product.requestAQuote}
        quantityTicker={product.quantityTicker}
      />
    </div>
  );
}
