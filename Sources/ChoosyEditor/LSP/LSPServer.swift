import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import ChoosyTools
import Foundation
import Synchronization

/// `choosy-data lsp`: a Language Server Protocol 3.17 server for catalog files over standard
/// input and output (docs/editors.md). The thread that reads the input keeps the documents and
/// answers requests; a second thread lints the open documents and publishes their diagnostics.
public final class LSPServer: Sendable {
    /// How long after the last change the open documents are linted: typing lints once per
    /// pause, well within the second a contributor waits for a diagnostic.
    static let debounceDelay: TimeInterval = 0.15

    struct Publication {
        var generation = -1
        var at = Date.distantPast
        var lintDuration: TimeInterval = 0

        /// Whether a lint that a change overtook is still wanted at `now`: whether the next
        /// lint (the debounce, then as long as the last took) could not publish within
        /// `longestSilence` of the last publication. Any other is cancelled, so the lint of
        /// the newest text starts sooner.
        func wantsOvertakenLint(at now: Date) -> Bool {
            now.addingTimeInterval(LSPServer.debounceDelay + lintDuration).timeIntervalSince(at) > LSPServer.longestSilence
        }
    }

    private enum Phase {
        case uninitialized, running, shuttingDown
    }

    private struct State {
        var phase = Phase.uninitialized
        var workspace = LSPWorkspace()
        /// The client registers file watchers the server asks for (`client/registerCapability`).
        var registersWatchers = false
        /// Whether the diagnostics thread runs; without it (the system refused the thread),
        /// the reading thread lints after each change.
        var lintsOnOwnThread = false
    }

    private let state: Mutex<State>
    /// The last diagnostics published: their generation and time; held while diagnostics are
    /// checked for staleness and written, so that an older set never lands after a newer one.
    /// Writing under `state` instead would let a client that stops reading stall every message
    /// the reading thread handles. With them, how long the last lint that finished took.
    private let publication = Mutex(Publication())
    /// The longest a user typing on waits for diagnostics: a lint that a change overtook is
    /// finished and published when waiting for the next would make the wait longer.
    static let longestSilence: TimeInterval = 1
    private let writer: LSPMessageWriter
    private let scheduler = DiagnosticsScheduler()
    private let input: Int32

    /// A server reading `input` and writing `output`. `configPath` is the `.choosy-data.yml`
    /// that `-C` or `--config` named (nil to find each file's catalog); `trustedDirectories`
    /// those of `CatalogLoader`; `rulesURL` where docs/rules.md is published, for each
    /// diagnostic's link to its rule.
    public init(
        configPath: String?, trustedDirectories: [String], rulesURL: String? = nil, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) {
        var state = State()
        state.workspace.configPath = configPath.map(CatalogLoader.absolutePath)
        state.workspace.trustedDirectories = trustedDirectories
        state.workspace.rulesURL = rulesURL
        self.state = Mutex(state)
        self.input = input
        writer = LSPMessageWriter(descriptor: output)
    }

    /// Serves until `exit` or the end of the input: `.success` (0) when the client sent
    /// `shutdown` first, `.findings` (1) otherwise, as the protocol asks.
    public func run() -> ExitCode {
        let started = WorkerThreads.detach(parsing: true) { [self] in
            WorkerThreads.giveWayToOtherThreads()
            while true {
                scheduler.waitUntilDue()
                publishDiagnostics()
            }
        }
        if !started { LSPLog.write("cannot start a thread for diagnostics; linting on the reading thread") }
        state.withLock { $0.lintsOnOwnThread = started }
        var reader = LSPMessageReader(descriptor: input)
        while true {
            switch reader.next() {
            case .end:
                return state.withLock { $0.phase == .shuttingDown } ? .success : .findings
            case .malformed(let reason):
                LSPLog.write(reason)
            case .body(let body):
                switch LSPMessage.decode(body) {
                case .failure(let failure):
                    writer.send(text: Self.response(id: failure.id, .failure(failure.error)))
                case .success(let message):
                    if let exitCode = handle(message) { return exitCode }
                }
            }
        }
    }

    // MARK: Messages

    /// Handles one message; the exit code when it was `exit`.
    private func handle(_ message: LSPMessage) -> ExitCode? {
        switch message.kind {
        case .response:
            // The only requests the server sends are registrations, whose answers change nothing.
            return nil
        case .request(let id):
            writer.send(text: Self.response(id: id, respond(to: message)))
            return nil
        case .notification:
            return notice(message)
        }
    }

    /// The result of a request as compact JSON text, or the error it is answered with.
    private func respond(to message: LSPMessage) -> Result<String, LSPError> {
        let (phase, workspace) = state.withLock { ($0.phase, $0.workspace) }
        switch (message.method, phase) {
        case ("initialize", .uninitialized):
            return .success(initialize(message.params).compactText())
        case ("initialize", _):
            return .failure(.invalidRequest("initialize was already sent; it is sent once per session"))
        case (_, .uninitialized):
            return .failure(.serverNotInitialized(message.method))
        case (_, .shuttingDown):
            return .failure(.invalidRequest("'\(message.method)' after shutdown; the server takes only exit now"))
        case ("shutdown", _):
            state.withLock { $0.phase = .shuttingDown }
            return .success(JSONValue.null.compactText())
        default:
            guard let handler = LSPRequestHandlers.byMethod[message.method] else { return .failure(.methodNotFound(message.method)) }
            return Result { () throws(LSPError) in try handler.respondText(to: message.params, in: workspace) }
        }
    }

    /// The `initialize` result; negotiates the position encoding and takes the workspace root.
    private func initialize(_ params: Node?) -> JSONValue {
        let capabilities = params?["capabilities"]
        let offers = capabilities?["general"]?["positionEncodings"]?.elements?.compactMap(\.string)
        let encoding = PositionEncoding.negotiated(offers: offers)
        let rootURI = params?["rootUri"]?.string ?? params?["workspaceFolders"]?.elements?.first?["uri"]?.string
        let root = rootURI.flatMap(LSPURI.path(of:)) ?? params?["rootPath"]?.string.map(CatalogLoader.absolutePath)
        state.withLock {
            $0.phase = .running
            $0.workspace.encoding = encoding
            $0.workspace.rootDirectory = root
            $0.registersWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        }
        let sync: JSONValue = .object([
            ("openClose", .bool(true)), ("change", .integer(2)), ("save", .object([("includeText", .bool(false))])),
        ])
        return .object([
            ("capabilities", .object([("positionEncoding", .string(encoding.rawValue)), ("textDocumentSync", sync)] + LSPRequestHandlers.capabilities)),
            ("serverInfo", .object([("name", .string("choosy-data")), ("version", .string(choosyDataVersion))])),
        ])
    }

    /// Handles a notification; the exit code when it was `exit`.
    private func notice(_ message: LSPMessage) -> ExitCode? {
        if message.method == "exit" {
            return state.withLock { $0.phase == .shuttingDown } ? .success : .findings
        }
        guard state.withLock({ $0.phase != .uninitialized }) else { return nil }
        let params = message.params
        switch message.method {
        case "initialized":
            registerConfigWatcher()
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
                return logged("textDocument/didOpen without textDocument.uri and text; ignored")
            }
            guard let path = LSPURI.path(of: uri) else { return logged("\(uri) is not a file: URI; only files are checked") }
            change(after: 0) { workspace in
                workspace.documents[uri] = LSPDocument(
                    uri: uri, path: path, version: item["version"]?.integer ?? 0,
                    text: LSPText(text, encoding: workspace.encoding), lastParsedBytes: nil, parsedFiles: workspace.resident.parsedFiles)
            }
        case "textDocument/didChange":
            guard let uri = params?["textDocument"]?["uri"]?.string, let changes = params?["contentChanges"]?.elements else {
                return logged("textDocument/didChange without textDocument.uri and contentChanges; ignored")
            }
            guard let edits = Self.edits(of: changes, in: uri) else { return nil }
            // The new text is worked out (and parsed) outside the lock, which the diagnostics
            // thread asks between its steps; only this thread changes the documents.
            let workspace = state.withLock { $0.workspace }
            guard let document = workspace.documents[uri] else { return logged("didChange of \(uri), which is not open; ignored") }
            var bytes = document.text.bytes
            for edit in edits {
                if let range = edit.range {
                    bytes = LSPText(bytes: bytes, encoding: workspace.encoding).replacing(range, with: edit.text)
                } else {
                    bytes = Array(edit.text.utf8)
                }
            }
            let version = params?["textDocument"]?["version"]?.integer ?? document.version + 1
            let changed = document.changed(to: bytes, version: version, parsedFiles: workspace.resident.parsedFiles)
            change(after: Self.debounceDelay) { $0.documents[uri] = changed }
        case "textDocument/didClose":
            guard let uri = params?["textDocument"]?["uri"]?.string else { return logged("textDocument/didClose without textDocument.uri; ignored") }
            var closed: LSPDocument?
            change(after: 0) { closed = $0.documents.removeValue(forKey: uri) }
            if let closed { publication.withLock { _ in writer.send(LSPDiagnostic.notification(for: closed, diagnostics: [])) } }
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // A file on disk changed (a config among them): every open document is linted again.
            change(after: 0) { _ in }
        default:
            // `$/cancelRequest` among them: requests are answered in order as they arrive, so
            // the one to cancel has been answered already.
            break
        }
        return nil
    }

    /// The edits of a didChange's `contentChanges`: a range and its new text, or (no range) the
    /// whole new text. Nil, logged, when a change has no text or a range that is no range:
    /// applying the others would leave the buffer out of step with the editor's.
    private static func edits(of changes: Elements, in uri: String) -> [(range: LSPRange?, text: String)]? {
        func rejected(_ number: Int, _ problem: String) -> [(range: LSPRange?, text: String)]? {
            LSPLog.write("textDocument/didChange of \(uri): change \(number + 1) has \(problem); the notification was ignored")
            return nil
        }
        var edits: [(range: LSPRange?, text: String)] = []
        for (number, change) in changes.enumerated() {
            guard let text = change["text"]?.string else { return rejected(number, "no text") }
            guard let rangeNode = change["range"] else {
                edits.append((nil, text))
                continue
            }
            guard let range = LSPRange(rangeNode) else {
                return rejected(number, "a range that is not {start: {line, character}, end: {line, character}}")
            }
            edits.append((range, text))
        }
        return edits
    }

    private func logged(_ message: String) -> ExitCode? {
        LSPLog.write(message)
        return nil
    }

    /// Changes the workspace, which makes every lint in progress stale, and asks for diagnostics
    /// `delay` seconds later.
    private func change(after delay: TimeInterval, _ body: (inout LSPWorkspace) -> Void) {
        let lintsOnOwnThread = state.withLock { state in
            body(&state.workspace)
            state.workspace.generation += 1
            return state.lintsOnOwnThread
        }
        if lintsOnOwnThread { scheduler.schedule(after: delay) } else { publishDiagnostics() }
    }

    /// Asks the client to report changes of every `.choosy-data.yml`, when it takes such
    /// registrations: a config edited outside the editor is then seen too.
    private func registerConfigWatcher() {
        guard state.withLock({ $0.registersWatchers }) else { return }
        let watcher: JSONValue = .object([("globPattern", .string("**/\(CatalogConfig.fileName)"))])
        let registration: JSONValue = .object([
            ("id", .string("choosy-data-config")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array([watcher]))])),
        ])
        writer.send(.object([
            ("jsonrpc", .string("2.0")), ("id", .string("choosy-data-register-config")), ("method", .string("client/registerCapability")),
            ("params", .object([("registrations", .array([registration]))])),
        ]))
    }

    // MARK: Diagnostics

    /// Lints the open documents, publishes their diagnostics and makes the navigators of the
    /// snapshot linted (navigation answers from the newest made). When the workspace changes
    /// meanwhile, the change has asked for a new run, and this one is cancelled — unless
    /// nothing would be published for `longestSilence` (a user typing without a pause): then
    /// it is finished and published, with the versions it was worked out for.
    private func publishDiagnostics() {
        let workspace = state.withLock { $0.workspace }
        let started = Date()
        let generation = workspace.generation
        let isCancelled = { @Sendable [self] in !isWanted(generation, last: publication.withLock { $0 }) }
        guard let findings = LSPLint.findings(in: workspace, for: nil, unless: isCancelled) else { return }
        let notifications = workspace.documents.values.sorted { $0.uri < $1.uri }.map { document in
            LSPDiagnostic.notification(
                for: document, diagnostics: LSPDiagnostic.json(for: findings[document.uri] ?? [], in: document.text, workspace: workspace))
        }
        publication.withLock { last in
            last.lintDuration = Date().timeIntervalSince(started)
            guard last.generation < generation, isWanted(generation, last: last) else { return }
            for notification in notifications { writer.send(notification) }
            last.generation = generation
            last.at = Date()
        }
        workspace.makeNavigators()
    }

    /// Whether diagnostics of workspace generation `generation` are still wanted, `last`
    /// being the last publication: they are of the current text, or waiting for newer ones
    /// would be too long.
    private func isWanted(_ generation: Int, last: Publication) -> Bool {
        state.withLock { $0.workspace.generation == generation } || last.wantsOvertakenLint(at: Date())
    }

    /// The response to request `id` as compact JSON text: `{"jsonrpc":"2.0","id":…,"result":…}`,
    /// or `"error"` in place of `"result"`. The result is text already: a large one (an outline
    /// of thousands of symbols) is not made into a value again.
    private static func response(id: JSONValue, _ result: Result<String, LSPError>) -> String {
        let (member, text) = switch result {
        case .success(let text): ("result", text)
        case .failure(let error): ("error", error.json.compactText())
        }
        return #"{"jsonrpc":"2.0","id":"# + id.compactText() + #",""# + member + #"":"# + text + "}"
    }
}
