import { productPath } from "../commerce/paths";
import type { Enquiry } from "./enquiry";

// The email staff get for each enquiry (product §4): who wrote, how to reach them, the product
// asked about with its page, and the message. Plain text; replies go to the customer (Reply-To).

export function enquiryMail(enquiry: Enquiry, publicUrl: string) {
  const { product } = enquiry;
  const productUrl = product && new URL(productPath(product.handle), publicUrl).toString();
  const facts: [string, string][] = [
    ["Name", enquiry.name],
    ["Email", enquiry.email],
    ["Phone", enquiry.phone ?? "Not given"],
    ...(product && productUrl
      ? [["Product", `${product.title ?? product.handle} — ${productUrl}`] as [string, string]]
      : []),
  ];
  const text = [
    product
      ? `${enquiry.name} asked for a quote through the contact form.`
      : `${enquiry.name} sent an enquiry through the contact form.`,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    enquiry.message,
    "",
    `Reply to this email to answer ${enquiry.name} at ${enquiry.email}.`,
  ].join("\n");
  return {
    subject: product
      ? `Quote request for ${product.title ?? product.handle} from ${enquiry.name}`
      : `Enquiry from ${enquiry.name}`,
    text,
  };
}
