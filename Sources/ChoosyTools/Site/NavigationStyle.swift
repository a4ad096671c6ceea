/// The styles of the site's navigation, composed into the one style sheet by `SiteStyle`:
/// the sidebar beside the page (above it on a phone), the previous/next links, the header
/// search's list box, and a focus ring on everything that takes the focus.
enum NavigationStyle {
    static let css = """
        .page { max-width: 72rem; margin: 0 auto; padding: 0 1rem; display: grid;
          grid-template-columns: 13rem minmax(0, 1fr); gap: 0 1.5rem; }
        .page main { max-width: none; margin: 0; padding: 0.75rem 0; min-width: 0; }
        .sidebar { font-size: 0.95rem; padding: 0.75rem 0; }
        .sidebar details { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; }
        .sidebar summary { font-weight: 600; cursor: pointer; }
        .sidebar ul { list-style: none; margin: 0.25rem 0; padding: 0; }
        .sidebar ul ul { margin-left: 0.25rem; padding-left: 0.75rem; border-left: 1px solid var(--rule); }
        .sidebar li { margin: 0.2rem 0; }
        .sidebar a[aria-current="page"] { font-weight: 600; color: inherit; }
        .pager { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem;
          margin: 2rem 0 1rem; padding-top: 0.75rem; border-top: 1px solid var(--rule); }
        .pager a { display: flex; flex-direction: column; }
        .pager .next { margin-left: auto; text-align: right; }
        .pager .direction { color: var(--muted); font-size: 0.85rem; }
        header form { position: relative; }
        .search-options { position: absolute; top: 100%; right: 0; z-index: 10; width: min(28rem, calc(100vw - 1.5rem));
          max-height: 70vh; overflow-y: auto; margin: 0.25rem 0 0; padding: 0.25rem 0; list-style: none;
          background: var(--bg); border: 1px solid var(--rule); border-radius: 4px; box-shadow: 0 4px 12px rgb(0 0 0 / 0.25); }
        .search-options li { padding: 0.35rem 0.75rem; cursor: pointer; }
        .search-options .kind { color: var(--muted); font-size: 0.9rem; }
        .search-options li:hover, .search-options li[aria-selected="true"] { background: var(--code-bg);
          outline: 2px solid var(--link); outline-offset: -2px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        :focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
        @media (max-width: 40rem) {
          .page { display: block; padding: 0 0.75rem; }
          .sidebar { padding: 0.5rem 0; border-bottom: 1px solid var(--rule); }
          .sidebar details { position: static; max-height: none; }
          .search-options { left: 0; right: auto; width: 100%; }
        }

        """
}
