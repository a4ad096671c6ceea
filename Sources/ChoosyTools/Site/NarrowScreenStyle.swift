/// The docs site's layout rules for keeping every page within a phone's width: long links and
/// example URLs break anywhere and url_formats where they must, instead of widening a table or
/// the page; on a narrow screen any code breaks anywhere, every row of a table is a card of its
/// cells, each under its column's header, and a definition list puts each term above its value.
enum NarrowScreenStyle {
    static let css = """
        .url-format, output code, td code { overflow-wrap: break-word; }
        td a, dd a, .example-url { overflow-wrap: anywhere; }
        dd { min-width: 0; }
        @media (max-width: 40rem) {
          code { overflow-wrap: anywhere; }
          .url-format { min-width: 0; }
          .scroll > table { width: 100%; }
          th, td { padding: 0.25rem 0.35rem; }
          .stacked, .stacked tbody, .stacked tr, .stacked th, .stacked td { display: block; }
          .stacked thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          .stacked tr { border: 1px solid var(--rule); border-radius: 4px; margin-bottom: 0.5rem; }
          .stacked th, .stacked td { border: 0; }
          .stacked td { border-top: 1px solid var(--rule); }
          .stacked td::before { content: attr(data-label); display: block; color: var(--muted); font-size: 0.85rem; }
          dl { grid-template-columns: 1fr; gap: 0; }
          dd { margin-bottom: 0.5rem; }
        }

        """
}
