/// The docs site's one style sheet: the matrix colours and grid of `MatrixHTMLRenderer`, then
/// the layout of the site, for narrow and wide screens, light and dark, the rules that keep
/// pages within a phone's width (`NarrowScreenStyle`), then Try it's (`TryItStyle`) and the editor's (`EditorStyle`).
enum SiteStyle {
    static var css: String { MatrixHTMLRenderer.styleSheet.css + layout + NarrowScreenStyle.css + TryItStyle.css + EditorStyle.css + NavigationStyle.css }

    private static let layout = """
        :root { --link: #0b57c2; --muted: #5a5a5a; --code-bg: #f3f3f3; --placeholder: #fff1b8;
          --placeholder-fg: #5c4300; --malformed: #fbe3e3; --malformed-fg: #8a1c1c; }
        @media (prefers-color-scheme: dark) {
          :root { --link: #8ab8ff; --muted: #a8a8a8; --code-bg: #242424; --placeholder: #4d3d00;
            --placeholder-fg: #ffe08a; --malformed: #4a1f1f; --malformed-fg: #ffc2c2; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; line-height: 1.5; }
        a { color: var(--link); text-underline-offset: 0.25em; }
        header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; }
        header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; justify-content: space-between;
          border-bottom: 1px solid var(--rule); }
        header nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; }
        header .home { font-weight: 600; font-size: 1.1rem; }
        header form { display: flex; gap: 0.5rem; align-items: center; }
        input, textarea { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--rule);
          border-radius: 4px; padding: 0.3rem 0.5rem; min-width: 0; }
        header input { width: 16rem; max-width: 60vw; }
        footer { color: var(--muted); border-top: 1px solid var(--rule); font-size: 0.9rem; }
        .skip { position: absolute; left: -100vw; }
        .skip:focus { left: 1rem; top: 0.5rem; background: var(--bg); padding: 0.25rem 0.5rem; }
        h1 { font-size: 1.8rem; margin: 0.5rem 0; }
        h2 { font-size: 1.35rem; margin-top: 2rem; }
        h3 { font-size: 1.1rem; }
        .permalink { opacity: 0; text-decoration: none; color: var(--muted); }
        h1:hover .permalink, h2:hover .permalink, h3:hover .permalink, .permalink:focus { opacity: 1; }
        .breadcrumbs ol { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.25rem; color: var(--muted); }
        .breadcrumbs li + li::before { content: "›"; margin-right: 0.25rem; }
        code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em;
          background: var(--code-bg); border-radius: 3px; padding: 0 0.2em; }
        pre { background: var(--code-bg); padding: 0.5rem 0.75rem; overflow-x: auto; border-radius: 4px; }
        pre code { padding: 0; background: none; }
        .url-format { display: inline-block; min-width: min(16rem, 60vw); }
        .placeholder { background: var(--placeholder); color: var(--placeholder-fg); border-radius: 3px; }
        .placeholder.undeclared, .malformed { background: var(--malformed); color: var(--malformed-fg); }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
        th, td { vertical-align: top; }
        caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
        tbody td { text-align: left; }
        .sources { color: var(--muted); font-size: 0.9rem; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
        dt { font-weight: 600; }
        dd { margin: 0; }
        .try-it { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.75rem 1rem; margin-bottom: 1rem; }
        .try-it .field { display: flex; flex-direction: column; gap: 0.2rem; }
        .outcome { color: var(--muted); }
        .on-this-page { margin: 0.5rem 0 1rem; }
        .not-implemented { margin: 0.5rem 0 1.5rem; }
        .not-implemented summary { cursor: pointer; color: var(--unsupported-fg); }
        .not-implemented p { margin: 0.25rem 0 0; }
        .warnings ul { margin: 0; padding-left: 1rem; font-size: 0.9rem; }
        .warnings summary { cursor: pointer; font-size: 0.9rem; }
        .results { padding-left: 1.2rem; }
        .results .kind { color: var(--muted); }
        @media (max-width: 40rem) {
          header, main, footer { padding: 0.5rem 0.75rem; }
          h1 { font-size: 1.5rem; }
          header input { width: 100%; max-width: none; }
          header form { flex: 1 1 100%; }
        }

        """
}
