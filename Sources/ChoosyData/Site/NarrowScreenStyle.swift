/// The docs site's layout rules for keeping every page within a phone's width: long code,
/// links and URLs break anywhere instead of widening a table or the page, and on a narrow
/// screen tables take the whole width and a definition list puts each term above its value.
enum NarrowScreenStyle {
    static let css = """
        code, td a, dd a { overflow-wrap: anywhere; }
        .matrix thead code { overflow-wrap: normal; }
        dd { min-width: 0; }
        @media (max-width: 40rem) {
          .url-format { min-width: 0; }
          .scroll > table { width: 100%; }
          th, td { padding: 0.25rem 0.35rem; }
          dl { grid-template-columns: 1fr; gap: 0; }
          dd { margin-bottom: 0.5rem; }
        }

        """
}
