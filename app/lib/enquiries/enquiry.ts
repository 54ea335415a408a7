// An enquiry from the contact form (product §3): Lagoon's own record, in its database.

export interface Enquiry {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /** The product asked about; its title is null when the catalogue could not be read. */
  product: { handle: string; title: string | null } | null;
  createdAt: Date;
}
