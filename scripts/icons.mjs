// Draws the app's icons: public/icons/icon.svg and the PNGs the web app manifest and iOS need,
// rendered from the same SVG by Chromium (no image tools needed). The output is committed; run
// `node scripts/icons.mjs` again only after changing the design below.
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const ACCENT = '#0a58ca' // --accent in src/app/theme.css
const CHECK = '#ffffff'

/**
 * A white tick on the accent colour, on a 512 × 512 canvas. `rounded`: a rounded square with
 * transparent corners (purpose "any"); otherwise full-bleed, for masks that crop it (maskable,
 * iOS). The tick stays well inside the maskable safe zone (a circle of radius 40 %).
 */
function iconSvg({ rounded }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512"${rounded ? ' rx="112"' : ''} fill="${ACCENT}"/>
  <path d="M150 268 226 344 366 186" fill="none" stroke="${CHECK}" stroke-width="56" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`
}

const outputs = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
]

const dir = new URL('../public/icons/', import.meta.url)
mkdirSync(dir, { recursive: true })
writeFileSync(new URL('icon.svg', dir), iconSvg({ rounded: true }))

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  for (const { file, size, rounded } of outputs) {
    await page.setViewportSize({ width: size, height: size })
    const svg = iconSvg({ rounded }).replace(
      'width="512" height="512"',
      `width="${size}" height="${size}"`,
    )
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
    )
    writeFileSync(new URL(file, dir), await page.screenshot({ omitBackground: true, type: 'png' }))
    console.log(`public/icons/${file} (${size} × ${size})`)
  }
} finally {
  await browser.close()
}
