import { useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import type { ListEntry } from '../../services/types'
import { selectLists, selectListsLoaded } from '../lists'
import { selectAllTasks, selectListLoaded, selectServerSeen } from '../tasks'
import { AccountDialog, CloseButton } from './AccountDialog'
import { exportFileName, toCsv, toJson } from './formats/ourFormat'
import { CLOSE, downloaded, EXPORT, exportCount, MENU } from './words'

/** `lists`: the person's, each task's named by them. Returns the file's name. */
export function downloadJson(list: Parameters<typeof toJson>[0], lists: readonly ListEntry[]) {
  const now = new Date()
  const name = exportFileName(now, 'json')
  download(name, toJson(list, now, lists), 'application/json')
  return name
}

export function ExportDialog({ onClosed }: { onClosed: () => void }) {
  const list = useAppSelector(selectAllTasks)
  const lists = useAppSelector(selectLists)
  const tasksLoaded = useAppSelector(selectListLoaded)
  // Each task's list is named: until the lists have answered, they would all read as My tasks.
  const loaded = useAppSelector(selectListsLoaded) && tasksLoaded
  const behind = !useAppSelector(selectServerSeen)
  const [saved, setSaved] = useState<string | null>(null)
  const finished = list.filter(({ isFinished }) => isFinished).length
  return (
    <AccountDialog title={MENU.export} onClosed={onClosed}>
      {loaded ? (
        <p>{exportCount(list.length, finished, lists.length)}</p>
      ) : (
        <p>{EXPORT.notLoaded}</p>
      )}
      {loaded && behind && <p className="account-note">{EXPORT.behind}</p>}
      <p role="status">{saved && downloaded(saved)}</p>
      <div className="dialog-actions">
        <CloseButton>{CLOSE}</CloseButton>
        <button
          type="button"
          disabled={!loaded}
          onClick={() => {
            const name = exportFileName(new Date(), 'csv')
            download(name, toCsv(list, lists), 'text/csv')
            setSaved(name)
          }}
        >
          {EXPORT.csv}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!loaded}
          onClick={() => {
            setSaved(downloadJson(list, lists))
          }}
        >
          {EXPORT.json}
        </button>
      </div>
    </AccountDialog>
  )
}

export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 60_000)
}
