import type { CustomerAccountEmulator } from "../emulators/customer-account";
import type { CheckoutCustomers } from "../emulators/storefront";

/**
 * The storefront emulator's checkout sees the customer-account emulator through this: who is
 * signed in at it in this browser, and where their orders go (what the account pages list).
 * `emulator` is read on each call, so the two can be created in either order.
 */
export function checkoutCustomersOf(
  emulator: () => CustomerAccountEmulator | undefined,
): CheckoutCustomers {
  return {
    async findSignedInCustomer(req, res) {
      const customer = await emulator()?.findSignedInCustomer(req, res);
      if (!customer) return undefined;
      const address =
        customer.addresses.find((candidate) => candidate.id === customer.defaultAddressId) ?? null;
      return {
        id: customer.id,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phoneNumber: customer.phoneNumber,
        defaultAddress: address,
      };
    },
    async addOrder(customerId, order) {
      const accounts = emulator();
      if (!accounts) throw new Error("The customer-account emulator is not running");
      const placed = await accounts.store.addOrder(customerId, {
        lineItems: order.lineItems.map((line) => ({
          title: line.title,
          variantTitle: line.variantTitle,
          sku: line.sku,
          quantity: line.quantity,
          price: line.price,
          productId: line.productId,
          variantId: line.variantId,
          productType: line.productType,
          vendor: line.vendor,
          image: line.image,
        })),
        shippingAddress: order.shippingAddress,
        shippingLine: order.shippingLine,
        processedAt: order.createdAt,
        currencyCode: order.currencyCode,
      });
      return { id: placed.id, name: placed.name };
    },
  };
}
