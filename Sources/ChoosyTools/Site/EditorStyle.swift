/// The style of the app editor (`EditorPage`): one field a line with its label above it, the
/// parameters as buttons under each url_format with its preview and its example (folded), and
/// the new file's text wrapping within the screen, never wider than a phone.
enum EditorStyle {
    static let css = """
        .editor { display: grid; gap: 0.3rem; max-width: 40rem; }
        .editor label { margin-top: 0.5rem; font-weight: 600; }
        .editor :is(input, select) { font: inherit; width: 100%; box-sizing: border-box; padding: 0.25rem 0.4rem; }
        .editor-action { display: grid; gap: 0.3rem; }
        .editor-new-type, .editor-rows, .editor-row { display: grid; gap: 0.3rem; }
        .editor-new-type h2 { margin-bottom: 0; }
        .editor-row { border-left: 3px solid var(--rule); padding-left: 0.6rem; }
        .editor-row button, .editor-action > button { justify-self: start; }
        .editor-chips { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0; }
        .editor button, #file button { font: inherit; font-size: 0.9rem; color: inherit; background: var(--code-bg); border: 1px solid var(--rule);
          border-radius: 4px; padding: 0.1rem 0.5rem; cursor: pointer; }
        .editor :is(input, select, button):focus-visible, #file button:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
        pre.editor-output { white-space: pre-wrap; overflow-wrap: anywhere; overflow: visible; }
        .editor-preview { margin: 0; color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
        .editor-preview:empty { display: none; }
        .editor-example summary { cursor: pointer; font-size: 0.9rem; }
        .editor-example[open], .editor-example-values { display: grid; gap: 0.3rem; }
        .editor-example-values label { font-weight: normal; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin-top: 0.2rem; }

        """
}
