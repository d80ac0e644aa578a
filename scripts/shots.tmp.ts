import { chromium } from 'playwright-core'
const base = 'http://127.0.0.1:3917'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
async function as(email: string | null, shots: [string, string][], vp: 'phone' | 'desktop') {
  const ctx = await b.newContext({ baseURL: base, viewport: vp === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 } })
  const page = await ctx.newPage()
  if (email) {
    await page.goto('/login')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('Demo#2026')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForFunction(() => localStorage.getItem('accessToken') !== null)
  }
  for (const [path, name] of shots) {
    await page.goto(path); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500)
    await page.screenshot({ path: `/tmp/shots/${name}-${vp}.png`, fullPage: true })
  }
  await ctx.close()
}
const vp = (process.argv[2] ?? 'phone') as 'phone' | 'desktop'
await as('amelia.hart@demo.preloved.test', [['/dashboard/myProducts', 'myproducts']], vp)
await as('admin@demo.preloved.test', [['/dashboard/allSellers', 'allsellers'], ['/dashboard/reportedItems', 'reported'], ['/dashboard/allCustomers', 'customers']], vp)
await as('emma.wilson@demo.preloved.test', [['/', 'home'], ['/category/Tote', 'category'], ['/dashboard/myOrders', 'orders']], vp)
await b.close()
