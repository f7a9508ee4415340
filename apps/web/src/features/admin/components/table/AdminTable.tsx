import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import './admin-table.css';

export interface AdminColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** When given, the column header sorts the shown rows by this value. */
  sortValue?: (row: Row) => string | number | boolean | null | undefined;
}

export interface AdminTableProps<Row> {
  label: string;
  columns: AdminColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  error?: Error | null;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Shows a search box; called with the text 300 ms after the admin stops typing. */
  onSearch?: (search: string) => void;
  searchPlaceholder?: string;
  /** Filters or actions shown beside the search box. */
  toolbar?: ReactNode;
  emptyText?: string;
  /**
   * The page a row opens: a click anywhere on the row (outside its own links and controls) goes there.
   * A column should also render a link to it, for the keyboard.
   */
  rowLink?: (row: Row) => string;
}

/** A click on a link, button or field of the row does its own thing, not the row's. */
const isOwnControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, textarea, label, summary') !== null;

type Sort = { key: string; direction: 'asc' | 'desc' } | null;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** The back office's table (docs/rules/back-office.md): search, sortable columns, pagination, "Error: {message}". */
export function AdminTable<Row>(props: AdminTableProps<Row>) {
  const { columns, rows, page, totalPages, onPageChange, onSearch } = props;
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search);
  const [sort, setSort] = useState<Sort>(null);
  const navigate = useNavigate();
  const { rowLink } = props;

  useEffect(() => {
    onSearch?.(settledSearch.trim());
    // onSearch is a setter from the page; only the settled text matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);

  const shown = useMemo(() => {
    if (!rows || !sort) return rows ?? [];
    const column = columns.find((candidate) => candidate.key === sort.key);
    if (!column?.sortValue) return rows;
    const sorted = [...rows].sort((a, b) => compare(column.sortValue!(a), column.sortValue!(b)));
    return sort.direction === 'asc' ? sorted : sorted.reverse();
  }, [rows, sort, columns]);

  const sortable = columns.filter((column) => column.sortValue);
  const toggleSort = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );

  return (
    <section className="admin-table" aria-label={props.label}>
      {(onSearch || props.toolbar || sortable.length > 0) && (
        <div className="admin-table__toolbar">
          {onSearch && (
            <input
              type="search"
              className="admin-table__search"
              aria-label="Search"
              placeholder={props.searchPlaceholder ?? 'Search'}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
          {props.toolbar}
          {/* On a phone the headers are hidden: the same sorting from one selector. */}
          <select
            className="admin-table__sort-select"
            aria-label="Sort by"
            value={sort ? `${sort.key}:${sort.direction}` : ''}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':');
              setSort(key ? { key, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
            }}
          >
            <option value="">Sort: as listed</option>
            {sortable.flatMap((column) => [
              <option key={`${column.key}:asc`} value={`${column.key}:asc`}>
                {column.header} ▲
              </option>,
              <option key={`${column.key}:desc`} value={`${column.key}:desc`}>
                {column.header} ▼
              </option>,
            ])}
          </select>
        </div>
      )}
      {props.error ? (
        <p className="admin-table__error" role="alert">
          Error: {props.error.message}
        </p>
      ) : (
        <div className="admin-table__scroll">
          <table>
            <thead>
              <tr>
                {columns.map((column) => {
                  const direction = sort?.key === column.key ? sort.direction : null;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    >
                      {column.sortValue ? (
                        <button type="button" className="admin-table__sort" onClick={() => toggleSort(column.key)}>
                          {column.header}
                          <span aria-hidden="true">
                            {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ' ↕'}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {props.isLoading && !rows ? (
                <tr>
                  <td colSpan={columns.length}>Loading…</td>
                </tr>
              ) : shown.length === 0 ? (
                <tr>
                  <td colSpan={columns.length}>{props.emptyText ?? 'Nothing found.'}</td>
                </tr>
              ) : (
                shown.map((row) => (
                  <tr
                    key={props.rowKey(row)}
                    className={rowLink ? 'admin-table__row--link' : undefined}
                    onClick={rowLink ? (event) => !isOwnControl(event) && navigate(rowLink(row)) : undefined}
                  >
                    {columns.map((column) => (
                      <td key={column.key} data-label={column.header}>
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      <nav className="admin-table__pages" aria-label="Pages">
        <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </button>
      </nav>
    </section>
  );
}
