import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { formatPhone } from '../../../shared/phone.ts'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatDate, formatDateTime } from '../../../shared/format.ts'
import { ROLES, type Role } from '../../../shared/roles.ts'
import type { PasswordLinkMade } from '../../../shared/schemas/users.ts'
import { RecordHistory } from '../../components/record-history.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { StaffTable } from '../../components/ui/staff-table.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import { usersQuery } from '../../queries/users.ts'
import { useSession } from '../../lib/session.tsx'
import { FunctionsError } from '../../lib/callable.ts'
import { useSetUserRole } from './api/use-set-user-role.ts'
import { useMakePasswordLink } from './api/use-make-password-link.ts'

const PAGE_SIZE = 25

interface Query {
  search: string
  role: Role | ''
  page: number
}

function messageOf(error: unknown): string {
  return error instanceof FunctionsError ? error.message : 'Something went wrong. Please try again.'
}

/**
 * Every user, searched, filtered by role and paged, with each one's role to change (not one's own)
 * and a one-time password link to make: the only way besides its owner to a staff account's
 * password, since the desk reaches customers only (docs/decisions/0016).
 */
export function UsersScreen() {
  const { user: me } = useSession()
  const [query, setQuery] = useState<Query>({ search: '', role: '', page: 1 })
  const [searchText, setSearchText] = useState('')
  const [changeError, setChangeError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [linkMade, setLinkMade] = useState<{ email: string; made: PasswordLinkMade } | null>(null)
  // The account whose changes by staff are shown under the list (its role, links made, the desk's work on a customer).
  const [historyOf, setHistoryOf] = useState<{ id: string; email: string } | null>(null)
  const historyHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => historyHeading.current?.focus(), [historyOf])
  const setRole = useSetUserRole()
  const makeLink = useMakePasswordLink()
  // The page shown stays until the next one arrives.
  const list = useQuery({
    ...usersQuery({
      page: query.page,
      pageSize: PAGE_SIZE,
      ...(query.search ? { search: query.search } : {}),
      ...(query.role ? { role: query.role } : {}),
    }),
    placeholderData: keepPreviousData,
  })
  const result = list.data ?? null
  const error = changeError ?? (list.error ? messageOf(list.error) : null)
  const previousButton = useRef<HTMLButtonElement>(null)
  const nextButton = useRef<HTMLButtonElement>(null)
  // The pager button last pressed: on the first or last page it is disabled, which drops the focus.
  const paged = useRef<'previous' | 'next' | null>(null)

  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    setQuery((q) => ({ ...q, search: searchText.trim(), page: 1 }))
  }

  const changeRole = async (userId: string, email: string, role: Role) => {
    setNotice(null)
    setChangeError(null)
    setLinkMade(null)
    try {
      await setRole.mutateAsync({ userId, role })
      setNotice(`${email} is now ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`)
    } catch (e) {
      setChangeError(messageOf(e))
    }
  }

  // The button stays enabled while a link is made: disabling it would drop a keyboard user's focus.
  const passwordLink = async (userId: string, email: string) => {
    if (makeLink.isPending) return
    setNotice(null)
    setChangeError(null)
    setLinkMade(null)
    try {
      const made = await makeLink.mutateAsync({ userId })
      if (made.emailed) setNotice(`A link to choose a password was emailed to ${email}; it works once, until ${formatDateTime(made.expiresAt)}.`)
      else setLinkMade({ email, made })
    } catch (e) {
      setChangeError(messageOf(e))
    }
  }

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1

  useEffect(() => {
    const pressed = paged.current
    paged.current = null
    if (pressed === null) return
    const [button, other] = pressed === 'next' ? [nextButton, previousButton] : [previousButton, nextButton]
    if (button.current?.disabled) other.current?.focus()
  }, [result])

  const turnPage = (step: 'previous' | 'next') => {
    paged.current = step
    setQuery((q) => ({ ...q, page: q.page + (step === 'next' ? 1 : -1) }))
  }

  return (
    <section className="page">
      <h1>Users</h1>
      <form className="toolbar" role="search" onSubmit={onSearch}>
        <div className="field">
          <label htmlFor="user-search">Search by email, name or phone</label>
          <input id="user-search" type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </div>
        <FilterSelect id="role-filter" label="Role" value={query.role} onChange={(role) => setQuery((q) => ({ ...q, role, page: 1 }))}>
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </FilterSelect>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {linkMade?.made.link && (
        <div className="desk-link" role="status">
          <p>
            No mail server is set up here: give {linkMade.email} this one-time link in person. It works once, until {formatDateTime(linkMade.made.expiresAt)}; any
            earlier link of theirs no longer works.
          </p>
          <input type="text" readOnly value={linkMade.made.link} aria-label={`One-time password link for ${linkMade.email}`} onFocus={(e) => e.target.select()} />
        </div>
      )}
      {result === null && !error && <p className="loading">Loading users…</p>}
      {result && (
        <>
          <p aria-live="polite">
            {result.total === 0
              ? 'No users match.'
              : `Showing ${(result.page - 1) * result.pageSize + 1}–${Math.min(result.total, result.page * result.pageSize)} of ${result.total} users.`}
          </p>
          <StaffTable
            label="Users"
            rows={result.users}
            rowKey={(u) => u.id}
            moreLabel={(u) => `More about ${u.email}`}
            columns={[
              { header: 'Email', cell: (u) => u.email },
              { header: 'Display name', cell: (u) => u.displayName },
              { header: 'Phone', className: 'staff-nowrap', cell: (u) => formatPhone(u.phone) },
              {
                header: 'Role',
                cell: (u) => (
                  <>
                    <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                      Role of {u.email}
                    </label>
                    <select id={`role-${u.id}`} value={u.role} disabled={u.id === me?.uid} onChange={(e) => void changeRole(u.id, u.email, e.target.value as Role)}>
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </>
                ),
              },
              { header: 'Created', priority: 'wide', cell: (u) => formatDate(u.createdAt) },
            ]}
            actions={(u) => (
              <div className="staff-actions">
                <button type="button" className="button secondary" aria-label={`Make a password link for ${u.email}`} onClick={() => void passwordLink(u.id, u.email)}>
                  Make a link
                </button>
                <button type="button" className="button secondary" aria-label={`Changes by staff to ${u.email}`} onClick={() => setHistoryOf({ id: u.id, email: u.email })}>
                  History
                </button>
              </div>
            )}
          />
          <nav className="pager" aria-label="Pages of users">
            <button ref={previousButton} type="button" className="button secondary" disabled={result.page <= 1} onClick={() => turnPage('previous')}>
              Previous
            </button>
            <span>
              Page {result.page} of {pages}
            </span>
            <button ref={nextButton} type="button" className="button secondary" disabled={result.page >= pages} onClick={() => turnPage('next')}>
              Next
            </button>
          </nav>
        </>
      )}
      {historyOf && (
        <>
          <h2 ref={historyHeading} tabIndex={-1}>
            Changes by staff to {historyOf.email}
          </h2>
          <RecordHistory kind="user" id={historyOf.id} />
        </>
      )}
    </section>
  )
}
