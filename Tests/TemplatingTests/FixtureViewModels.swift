import MVVMWebViewModels

// Small view models the templating tests render: each declares its outputs once, with
// `@Outputs`, exactly as the app's view models do.

@Outputs struct NameOnly { var name: String }
@Outputs struct LinkOnly { var link: Link }
@Outputs struct SourceSet { var set: Link }
@Outputs struct TextValue { var v: String }
@Outputs struct Flags { var on: Bool; var off: Bool }
@Outputs struct Empty {}

@Outputs struct Anchors {
  var link: Link
  var name: String
  var away: Link
}

@Outputs struct Rows {
  @Outputs struct Row { var name: String }
  var rows: [Row]
  var title: String
}

@Outputs struct Nested {
  @Outputs struct Child { var heading: String }
  var shown: Bool
  var child: Child
}

@Outputs struct Optionals {
  @Outputs struct Child { var heading: String }
  var note: String?
  var child: Child?
  var count: Int?
}

/// The site object of the tests' layouts: its navigation, and a title that pages with their own
/// hide.
@Outputs struct Site {
  var home: Link
  var matches: Link
  var users: Link
  var title: String
}

@Outputs struct Titled {
  var title: String
  var name: String
}

@Outputs struct Fragments {
  @Outputs struct Row {
    var name: String
    var link: Link
  }
  var title: String
  var rows: [Row]
  var shown: Bool = true
}

/// A destination for the link-printing test.
enum Place: Destination {
  case item(Int)
}

@Outputs struct Destinations {
  var here: Place
  var maybe: Place?
}

/// Every kind of output, for the load-time checks.
@Outputs struct Everything {
  @Outputs struct Row { var id: String }
  var name: String
  var link: Link
  var rows: [Row]
  var on: Bool
  var note: String?
}

/// The same outputs twice: stored, which the renderer reads where they lie, and computed, which
/// it asks the type for. Both must render the same bytes.
@Outputs struct StoredOutputs {
  @Outputs struct Part {
    var label: String
    var size: Int
  }
  var text: String
  var number: Int
  var on: Bool
  var link: Link
  var part: Part
}

@Outputs struct ComputedOutputs {
  @Outputs struct Part {
    @OutputIgnored let stored: StoredOutputs.Part
    var label: String { stored.label }
    var size: Int { stored.size }
  }
  @OutputIgnored let stored: StoredOutputs
  var text: String { stored.text }
  var number: Int { stored.number }
  var on: Bool { stored.on }
  var link: Link { stored.link }
  var part: Part { Part(stored: stored.part) }
}
