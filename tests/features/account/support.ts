import { screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { vi } from 'vitest'

/** The Settings menu, once its chunk has loaded (the first time, a cold import takes a while). */
export const findMenu = () => screen.findByRole('menu', { name: 'Settings' }, { timeout: 10_000 })

/** Opens the Settings menu with a click; returns the menu. */
export async function openSettings(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Settings' }))
  return findMenu()
}

/** Chooses `name` in the Settings menu. */
export async function chooseInSettings(user: UserEvent, name: string) {
  const menu = await openSettings(user)
  await user.click(within(menu).getByRole('menuitem', { name }))
}

/** Imports `file` through Import tasks; returns the dialog that says what it will add. */
export async function importFile(user: UserEvent, file: File) {
  await chooseInSettings(user, 'Import tasks')
  // Any file, as the picker's "All files" allows: `accept` only suggests.
  const picker = userEvent.setup({ applyAccept: false })
  await picker.upload(screen.getByLabelText('File to import'), file)
  return screen.findByRole('dialog', { name: 'Import tasks' }, { timeout: 5000 })
}

/** Every file the page downloads from now on, with its text. */
export function recordDownloads() {
  const files: { name: string; type: string; text: Promise<string> }[] = []
  const blobs = new Map<string, Blob>()
  let made = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${String(++made)}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href)
    if (blob) files.push({ name: this.download, type: blob.type, text: blob.text() })
  })
  return files
}
