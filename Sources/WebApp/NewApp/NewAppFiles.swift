/// The files `mvvmweb new` writes: a package with one page (a form and a live list), its view
/// model, its template and stylesheet, its tests on `MVVMWebTesting`, and a README with its own
/// two commands. `{{App}}` is the app's type name (`Shop`), `{{app}}` its command's (`shop`),
/// `{{framework}}` the line that names the MVVMWeb package.
enum NewAppFiles {
  static let all: [(path: String, text: String)] = [
    ("Package.swift", package), ("README.md", readme), (".gitignore", gitignore),
    ("Sources/{{App}}ViewModels/NotesViewModel.swift", viewModel),
    ("Sources/{{App}}ViewModels/NoteBoard.swift", board),
    ("Sources/{{app}}/{{App}}.swift", app), ("Sources/{{app}}/NotesFeature.swift", feature),
    ("Sources/{{app}}/main.swift", main), ("Templates/notes.xhtml", template),
    ("Public/{{app}}.css", stylesheet),
    ("Tests/{{App}}Tests/NotesViewModelTests.swift", viewModelTests),
    ("Tests/{{App}}Tests/NotesPageTests.swift", pageTests),
  ]

  static let package = """
    // swift-tools-version:6.2
    // {{app}}: a web app on MVVMWeb. The view models' module sees the output contract and no
    // HTTP; the executable adds the pages and serves them.
    import PackageDescription

    let package = Package(
      name: "{{app}}",
      dependencies: [{{framework}}],
      targets: [
        .target(
          name: "{{App}}ViewModels",
          dependencies: [.product(name: "MVVMWebViewModels", package: "MVVMWeb")]),
        .executableTarget(
          name: "{{app}}",
          dependencies: ["{{App}}ViewModels", .product(name: "MVVMWebApp", package: "MVVMWeb")]),
        .testTarget(
          name: "{{App}}Tests",
          dependencies: [
            "{{App}}ViewModels", "{{app}}", .product(name: "MVVMWebTesting", package: "MVVMWeb"),
          ]),
      ],
      swiftLanguageModes: [.v6]
    )

    """

  static let readme = """
    # {{app}}

    A web app on [MVVMWeb](https://github.com/mvvmweb/mvvmweb): one page, at `/`, with a form
    that checks what is typed as it is typed, and a list of notes that every open browser keeps
    up to date.

    Run it on http://127.0.0.1:8080 (`swift run {{app}} --help` lists every flag):

    ```sh
    swift run {{app}}
    ```

    Run its tests:

    ```sh
    swift test
    ```

    - `Sources/{{App}}ViewModels`: the notes and the page's view model, plain Swift.
    - `Sources/{{app}}`: the app (`{{App}}.swift`) and its page's registration
      (`NotesFeature.swift`).
    - `Templates/notes.xhtml`: the page, checked against the view model when the app starts
      (`swift run {{app}} check` checks without serving).
    - `swift build -c release && .build/release/{{app}} bundle dist` puts the app and its folders
      in `dist/`, to copy to a server and run as `dist/{{app}} serve`.

    """

  static let gitignore = """
    .build/
    .swiftpm/
    Package.resolved
    /data/
    /dist/

    """

  static let main = """
    // `{{app}}` serves the notes page on http://127.0.0.1:8080 (`{{app}} --help` lists every flag).
    {{App}}.main()

    """

  static let app = """
    import MVVMWeb
    import MVVMWebApp
    import {{App}}ViewModels

    /// The app: its site, built by the one function `{{app}} serve` and the tests both call.
    struct {{App}}: App {
      static let name = "{{app}}"
      static let abstract = "Notes, kept and shown live in every open browser."

      func site(_ context: AppContext) throws -> Site {
        var site = try Site(context)
        try site.add(NotesFeature(board: NoteBoard(changes: site.changes)))
        return site
      }
    }

    """

  static let feature = """
    import MVVMWeb
    import {{App}}ViewModels

    /// The notes page at `/`: its form keeps a note, answering as people type, and its list follows
    /// new notes live.
    struct NotesFeature: Feature {
      let board: NoteBoard
      static let notes = Route("/")

      func register(in site: inout Site) {
        site.form(Self.notes, NotesPage.self, following: [.notes], allowed: .everyone) { _ in
          NotesViewModel(board: board)
        } done: { request, _ in
          .redirect(to: request.location(Self.notes.path()))
        }
      }
    }

    /// The page: its template, and the view model the template binds.
    enum NotesPage: Page {
      typealias ViewModel = NotesViewModel
      static let template = "notes.xhtml"
    }

    """

  static let board = """
    import MVVMWebViewModels
    import Synchronization

    extension ChangeTopic {
      /// Published after every note kept, so the pages that show notes follow them.
      public static let notes = ChangeTopic("notes")
    }

    /// The notes kept so far, newest first, in memory: the app's store. It keeps the latest 50.
    public final class NoteBoard: Sendable {
      private let notes = Mutex<[String]>([])
      private let changes: ChangeFeed

      /// An empty board that announces each note on `changes`.
      public init(changes: ChangeFeed) { self.changes = changes }

      /// The notes, newest first.
      public var all: [String] { notes.withLock { $0 } }

      /// Keeps `note` (once, when the same is sent twice in a row) and tells the live pages.
      public func keep(_ note: String) {
        let kept = notes.withLock { notes in
          guard notes.first != note else { return false }
          notes = Array(([note] + notes).prefix(50))
          return true
        }
        if kept { changes.publish(.notes) }
      }
    }

    """

  static let viewModel = """
    import Foundation
    import MVVMWebViewModels

    /// The notes page: the notes kept so far and the form to keep one. Plain Swift: the site sends
    /// it the note from the form and asks it to save; a test does the same.
    @Outputs
    public final class NotesViewModel: SavableForm {
      /// One line of the list.
      @Outputs
      public struct Line: Sendable {
        /// The note.
        public var text: String
      }

      private let board: NoteBoard
      /// What was typed, kept when it is refused.
      public private(set) var note: String = ""
      /// Why the note was refused, shown next to the field.
      public private(set) var noteError: String?

      /// The page over `board`.
      public init(board: NoteBoard) { self.board = board }

      /// The notes, newest first.
      public var lines: [Line] { board.all.map { Line(text: $0) } }
      /// Whether no note was kept yet.
      public var isEmpty: Bool { board.all.isEmpty }

      /// Input: the note typed.
      public func setNote(_ text: String) { note = text }

      /// Keeps the note: `.done`, or `.failed` with the reason next to the field.
      public func save() -> Outcome {
        validate()
        if let noteError { return .failed(message: noteError) }
        board.keep(trimmed)
        return .done
      }

      /// Checks the note as typed and keeps nothing: the page asks it as people type.
      public func validate() {
        noteError =
          trimmed.isEmpty
          ? "Write a note"
          : trimmed.count > 200 || trimmed.utf8.count > 800 ? "Write at most 200 characters" : nil
      }

      private var trimmed: String { note.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    extension NotesViewModel: Inputs {
      /// The note typed into the form.
      public static let inputs: [Input<NotesViewModel>] = [.text("note", setNote)]
    }

    """

  static let template = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- The notes page, bound to NotesViewModel's outputs: the form, with its error next to the
         field, and the notes so far, a live element open pages keep up to date. Opened as a file,
         it shows the mockup below. -->
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="urn:mvvmweb:template" lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>Notes · {{app}}</title>
        <link rel="stylesheet" href="/static/{{app}}.css"/>
        <script src="/static/mvvmweb/live.js" defer="defer"></script>
      </head>
      <body>
        <main>
          <h1>Notes</h1>
          <form method="post" m:inputs="">
            <div class="field" id="note-field" m:live="">
              <label for="note">Your note</label>
              <input id="note" name="note" type="text" maxlength="200" required="required" aria-describedby="note-error" value="" m:attr="value note; aria-invalid noteError; autofocus noteError"/>
              <p class="field-error" id="note-error" aria-live="polite" m:text="noteError">Write a note</p>
            </div>
            <div class="form-actions"><button type="submit">Keep it</button></div>
          </form>
          <section id="notes" m:live="" aria-label="Notes">
            <p class="empty" m:if="isEmpty">No note yet.</p>
            <ul m:unless="isEmpty">
              <li m:repeat="lines" m:text="text">Buy milk</li>
              <li m:mock="">Call Ada</li>
            </ul>
          </section>
        </main>
      </body>
    </html>

    """

  static let stylesheet = """
    /* The notes page: a readable column, and the field's error in words beside it. */
    body { font: 1rem/1.5 system-ui, sans-serif; color: #1d1d1f; background: #fff; margin: 0; }
    main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem; }
    .field { margin: 0 0 1rem; }
    .field label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    .field input { font: inherit; padding: 0.4rem 0.5rem; width: 100%; box-sizing: border-box; }
    .field input[aria-invalid="true"] { border: 2px solid #b00020; }
    .field-error { color: #b00020; font-weight: 600; margin: 0.25rem 0 0; }
    .field-error:empty { display: none; }
    button { font: inherit; padding: 0.4rem 1rem; }
    .empty { padding: 1.5rem; background: #f4f4f6; text-align: center; }

    """

  static let viewModelTests = """
    import MVVMWebViewModels
    import Testing
    import {{App}}ViewModels

    /// The notes page's view model, tested in microseconds: no server, no HTML.
    @Suite struct NotesViewModelTests {
      @Test func aNoteIsKeptTrimmedAndListedFirst() {
        let board = NoteBoard(changes: ChangeFeed())
        board.keep("Call Ada")
        let page = NotesViewModel(board: board)
        page.setNote("  Buy milk ")
        #expect(page.save() == .done)
        #expect(page.lines.map(\\.text) == ["Buy milk", "Call Ada"])
      }

      @Test(arguments: [
        ("", "Write a note"), (String(repeating: "x", count: 201), "Write at most 200 characters"),
      ])
      func aBadNoteIsRefusedWithItsReasonAndKept(typed: String, reason: String) {
        let page = NotesViewModel(board: NoteBoard(changes: ChangeFeed()))
        page.setNote(typed)
        #expect(page.save() == .failed(message: reason))
        #expect(page.noteError == reason)
        #expect(page.note == typed)
        #expect(page.isEmpty)
      }
    }

    """

  static let pageTests = """
    import MVVMWebApp
    import MVVMWebTesting
    import Testing

    @testable import {{app}}

    /// The notes page as its users reach it, in process and over a real socket: the site is the
    /// one `{{app}} serve` builds.
    @Suite(.timeLimit(.minutes(1))) struct NotesPageTests {
      @Test(arguments: [TestTransport.inProcess, .socket])
      func aNoteIsKeptAndShownInAnotherBrowserAtOnce(transport: TestTransport) async throws {
        try await {{App}}().site(.testing()).build().test(transport) { client in
          let stream = try await client.follow("/")
          #expect(try await stream.next(element: "notes").element?.text == "No note yet.")
          var form = try await client.page("/").form(submit: "Keep it")
          try form.fill("Your note", with: "Buy milk")
          #expect(try await client.submit(form).status == 303)
          #expect(try await stream.next(element: "notes").element?.text == "Buy milk")
        }
      }

      @Test func typingIsAnsweredByTheFieldAndKeepsNothing() async throws {
        try await {{App}}().site(.testing()).build().test { client in
          var form = try await client.page("/").form(submit: "Keep it")
          try form.fill("Your note", with: "")
          let typed = try await client.input(form)
          #expect(typed.parts["note-field"]?.element(id: "note-error")?.text == "Write a note")
          #expect(try await client.page("/").text(id: "notes") == "No note yet.")
        }
      }
    }

    """
}
