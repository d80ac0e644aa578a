/** What the payment page gives either card form (the test processor's or Stripe's): the same props, either form. */
export type CardFormProps = {
  /** Undefined until the payment intent is loaded: Pay waits for it (docs/product/checkout.md#payment). */
  clientSecret: string | undefined
  bookingId: string
  price: number
  billing: { name: string; email: string }
  onPaid: (transactionId: string) => void
  /** The intent's amount no longer holds (409 intent_superseded): the page loads the fresh one. */
  onStale?: () => void
  /**
   * Called when Pay is pressed, before the card is charged (the delivery address goes with the payment): answers the
   * client secret to charge, or null to stop (the page shows why). `cardValid` false: only its own checks show.
   */
  beforePay?: (cardValid: boolean) => Promise<string | null>
}
