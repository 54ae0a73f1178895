import { createContext, useContext, useEffect, useId } from 'react'

/**
 * What a dialog's forms tell it (`FormModal`): whether each holds input not yet saved. Apart from form-modal.tsx so
 * that forms on pages (no dialog) do not bring the dialog's code into their bundle.
 */
export const UnsavedInDialog = createContext<((form: string, unsaved: boolean) => void) | null>(null)

/** Tells the dialog this is in (if any) whether the form holds unsaved input; closing it then asks first. */
export function useUnsavedInDialog(unsaved: boolean) {
  const report = useContext(UnsavedInDialog)
  const id = useId()
  useEffect(() => {
    report?.(id, unsaved)
  }, [report, id, unsaved])
  useEffect(() => () => report?.(id, false), [report, id])
}
