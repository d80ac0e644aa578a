/**
 * A stand-in for Stripe.js (https://js.stripe.com/<train>/stripe.js), served to the browser by a Playwright route
 * because this machine cannot reach Stripe. It offers what @stripe/react-stripe-js and our card form use:
 * `Stripe(pk).elements().create('card')` mounted as a plain card-number input instead of Stripe's iframe, and
 * `confirmCardPayment(secret, { payment_method: { card, billing_details } })`, which posts to
 * https://api.stripe.com/v1/payment_intents/:id/confirm with the publishable key as Stripe.js does (the test routes
 * that to the local stand-in of Stripe's API).
 */
export const FAKE_STRIPE_JS = `(() => {
  function Stripe(key) {
    const made = {}
    const elements = {
      create(type) {
        const handlers = {}
        const emit = (name, ev) => (handlers[name] || []).forEach((fn) => fn(ev))
        const input = document.createElement('input')
        input.setAttribute('aria-label', 'Card number')
        input.setAttribute('inputmode', 'numeric')
        input.setAttribute('autocomplete', 'cc-number')
        input.style.cssText = 'width:100%;border:0;outline:0;background:transparent;font:inherit'
        input.addEventListener('input', () => {
          const digits = input.value.replace(/\\D/g, '')
          emit('change', { elementType: type, empty: digits.length === 0, complete: digits.length === 16, error: undefined })
        })
        const element = {
          _input: input,
          mount(node) {
            const target = typeof node === 'string' ? document.querySelector(node) : node
            target.appendChild(input)
            setTimeout(() => emit('ready', { elementType: type }), 0)
          },
          on(name, fn) { (handlers[name] = handlers[name] || []).push(fn); return element },
          off(name, fn) { handlers[name] = (handlers[name] || []).filter((h) => h !== fn); return element },
          update() {},
          clear() { input.value = '' },
          focus() { input.focus() },
          blur() { input.blur() },
          unmount() { input.remove() },
          destroy() { input.remove(); delete made[type] },
        }
        made[type] = element
        return element
      },
      getElement(type) { return made[typeof type === 'string' ? type : type && type.__elementType] || null },
      update() {},
    }
    return {
      elements: () => elements,
      createToken: async () => ({ error: { message: 'not supported by the stand-in' } }),
      createPaymentMethod: async () => ({ error: { message: 'not supported by the stand-in' } }),
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmCardPayment(clientSecret, data) {
        const id = clientSecret.split('_secret_')[0]
        const body = new URLSearchParams({
          key,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': data.payment_method.card._input.value,
          'payment_method_data[billing_details][name]': data.payment_method.billing_details.name || '',
          'payment_method_data[billing_details][email]': data.payment_method.billing_details.email || '',
        })
        const res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', body })
        const json = await res.json()
        return res.ok ? { paymentIntent: json } : { error: json.error }
      },
    }
  }
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()
`
