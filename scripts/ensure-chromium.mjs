// Makes sure the system Chromium used by the browser tests is present (docs/style.md#pitfalls): installs Debian's
// `chromium` package when we are root with apt-get, otherwise stops with the one command that installs it. Its
// headless shell (`chromium-headless-shell`, what the browser tests prefer: scripts/chromium.ts) is installed
// alongside when we can; without it the tests drive the full Chromium.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const SHELL = '/usr/bin/chromium-headless-shell'
const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
const install = (packages) =>
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
  })

if (!existsSync(CHROMIUM)) {
  if (!canInstall) {
    console.error(
      `Chromium is missing (${CHROMIUM}). Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell`,
    )
    process.exit(1)
  }
  console.info('Chromium is missing: installing Debian packages "chromium" and "chromium-headless-shell" (apt-get)…')
  try {
    install('chromium chromium-headless-shell')
  } catch {
    console.error('Could not install Chromium. Install it with:\n  apt-get update && apt-get install -y chromium')
    process.exit(1)
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium still missing at ${CHROMIUM}. Install it with:\n  apt-get update && apt-get install -y chromium`,
    )
    process.exit(1)
  }
} else if (!process.env.CHROMIUM_PATH && !existsSync(SHELL) && canInstall) {
  console.info('Installing Debian package "chromium-headless-shell" for the browser tests (apt-get)…')
  try {
    install('chromium-headless-shell')
  } catch {
    console.warn('Could not install chromium-headless-shell: the browser tests drive the full Chromium.')
  }
}
