/// The style of "Try it" (`TryItScript`): the app's source under its name, URLs that wrap
/// anywhere, the copy and QR code buttons under each, and on a phone one input a line beside its
/// label and each app's format and result stacked (the source beside the app's name, the buttons
/// after the URL), never wider than the screen.
enum TryItStyle {
    static let css = """
        #try-it-form textarea { width: 100%; resize: vertical; field-sizing: content; min-height: 2.2rem; }
        #try-it-results { width: 100%; }
        #try-it-results thead th:is(:nth-child(2), :nth-child(3)) { width: 40%; }
        #try-it-results th .source { display: block; font-weight: normal; color: var(--muted); font-size: 0.85rem; }
        #try-it-results output code, #try-it-results .opened { overflow-wrap: anywhere; }
        #try-it-results .other-platform { display: block; color: var(--muted); font-size: 0.9rem; }
        #try-it-results .other-platform:empty, #try-it-results .dropped:empty, #try-it-results .warnings:empty { display: none; }
        #try-it-results .dropped { margin: 0.3rem 0 0; font-size: 0.9rem; }
        #try-it-results .dropped::before { content: "Dropped (empty): "; color: var(--muted); }
        #try-it-results .share { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-start; margin-top: 0.4rem; }
        .share .copy, .share .show-qr { font: inherit; font-size: 0.9rem; color: inherit; background: var(--code-bg); border: 1px solid var(--rule);
          border-radius: 4px; padding: 0.15rem 0.6rem; cursor: pointer; }
        .share .copy:focus-visible, .share .show-qr:focus-visible, #try-it-form textarea:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
        .share .qr { display: block; max-width: 100%; height: auto; outline: 1px solid var(--rule); }
        .share .qr-note { margin: 0; color: var(--muted); font-size: 0.9rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        @media (max-width: 40rem) {
          #try-it-results, #try-it-results tbody, #try-it-results tr, #try-it-results th, #try-it-results td { display: block; }
          #try-it-results thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          #try-it-results tr { border-top: 1px solid var(--rule); padding: 0.4rem 0; }
          #try-it-results th, #try-it-results td { border: none; padding: 0.15rem 0; }
          #try-it-results td:empty { display: none; }
          #try-it-results td.format::before { content: "URL format "; color: var(--muted); }
          #try-it-results th .source { display: inline; margin-left: 0.5rem; }
          #try-it-results .url-format { display: inline; }
          #try-it-results .share { display: inline-flex; margin: 0 0 0 0.5rem; vertical-align: middle; }
          #try-it-results .share:has(.qr) { display: flex; margin: 0.4rem 0 0; }
          .try-it .field { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 0.5rem; align-items: center; }
          .try-it { gap: 0.4rem; }
        }

        """
}
