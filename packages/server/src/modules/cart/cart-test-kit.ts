/** A checkout body with a valid US address (New York). */
export const checkoutBody = (method = 'standard') => ({
  shippingAddress: {
    name: 'Maya Customer',
    street: '5 Canal St',
    city: 'New York',
    state: 'NY',
    zipcode: '10013',
    country: 'US',
  },
  shippingMethod: method,
});
