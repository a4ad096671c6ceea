/// The docs site's layout rules for keeping every page within a phone's width: long links and
/// example URLs break anywhere and url_formats where they must, instead of widening a table or
/// the page; on a narrow screen any code breaks anywhere, every row of a table is a compact card
/// of its cells, each after its column's header (empty ones left out), under a caption as wide
/// as the page, and a definition list puts each term above its value.
enum NarrowScreenStyle {
    static let css = """
        .url-format, output code, td code { overflow-wrap: break-word; }
        td a, dd a, .example-url { overflow-wrap: anywhere; }
        dd { min-width: 0; }
        @media (max-width: 40rem) {
          code { overflow-wrap: anywhere; }
          .url-format { min-width: 0; }
          .stacked .url-format { display: inline; }
          .scroll > table { width: 100%; }
          th, td { padding: 0.25rem 0.35rem; }
          .stacked, .stacked caption, .stacked tbody, .stacked tr, .stacked th, .stacked td { display: block; }
          .stacked thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          .stacked tr { border: 1px solid var(--rule); border-radius: 4px; margin-bottom: 0.4rem; }
          .stacked th, .stacked td { border: 0; padding: 0.1rem 0.4rem; }
          .stacked td:empty { display: none; }
          .stacked td::before { content: attr(data-label); display: inline-block; min-width: 7.5rem; margin-right: 0.5rem;
            color: var(--muted); font-size: 0.85rem; }
          dl { grid-template-columns: 1fr; gap: 0; }
          dd { margin-bottom: 0.5rem; }
        }

        """
}
