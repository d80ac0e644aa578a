// Makes sure the system Chromium used by the browser tests is present (docs/style.md#pitfalls): installs Debian's
// `chromium` package when we are root with apt-get, otherwise stops with the one command that installs it.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error(
      `Chromium is missing (${CHROMIUM}). Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    )
    process.exit(1)
  }
  console.info('Chromium is missing: installing Debian package "chromium" (apt-get)…')
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    })
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
}
