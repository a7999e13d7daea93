/** The payment notifications' secret of the test server (tests/e2e/serve.ts, tests/e2e/payments.ts). */
export const E2E_PAYMENT_SECRET = 'e2e-payment-secret-0123456789abcdef0123';
