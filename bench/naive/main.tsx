import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../../src/app/theme.css'
import '../../src/features/tasks/ui/tasks.css'
import '../../src/features/tasks/ui/list/list.css'
import '../../src/features/tasks/ui/list/rowMenu.css'
import { NaiveApp } from './NaiveApp'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <NaiveApp />
  </StrictMode>,
)
