import type { ReactNode } from "react";
import { Link } from "react-router";

/** One column of an orders table: its heading and what each order shows in it. */
interface OrderColumn<Order> {
  heading: string;
  cell: (order: Order) => ReactNode;
  /** Amounts line up on the right. */
  amount?: boolean;
}

/**
 * A list of orders as a table (the account's orders and purchase orders, the staff inbox): the
 * first column names each order and links to its page.
 */
export function OrdersTable<Order extends { id: string }>({
  caption,
  orders,
  name,
  columns,
}: {
  /** For screen readers: what the table lists, and in which order. */
  caption?: string;
  orders: readonly Order[];
  name: { heading: string; text: (order: Order) => ReactNode; to: (order: Order) => string };
  columns: readonly OrderColumn<Order>[];
}) {
  const heading = (column: { heading: string; amount?: boolean }) => (
    <th
      key={column.heading}
      scope="col"
      className={column.amount ? "py-2 text-right font-medium" : "py-2 pr-3 font-medium"}
    >
      {column.heading}
    </th>
  );
  return (
    <table className="mt-4 w-full text-left text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          {heading(name)}
          {columns.map(heading)}
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-b border-slate-100">
            <td className="py-3 pr-3">
              <Link to={name.to(order)} className="font-semibold text-lagoon-700 underline">
                {name.text(order)}
              </Link>
            </td>
            {columns.map((column) => (
              <td key={column.heading} className={column.amount ? "py-3 text-right" : "py-3 pr-3"}>
                {column.cell(order)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
