// Import toasts from here, never from 'react-hot-toast' directly (lint enforces it): importing this module is
// what mounts the <Toaster /> (see toaster-signal.ts). Usage is react-hot-toast's own: toast.success('...').
import toast, { Toaster } from 'react-hot-toast'
import { requestToaster } from './toaster-signal'

requestToaster()

export { Toaster, toast }
