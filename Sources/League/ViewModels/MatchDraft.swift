import Foundation
import MVVMWebViewModels

/// Everything chosen and typed into the match form so far: the ids read once, as `UUID`s, and the
/// goals as the user typed them. The coordinator carries it through the "Add a player" child
/// flow and back (as form fields), so nothing is lost on the way.
public struct MatchDraft: Sendable, Equatable {
  /// The match being edited, or nil for a new one.
  public var matchID: UUID?
  public var homePlayerIDs: [UUID]
  public var awayPlayerIDs: [UUID]
  public var homeGoals: String
  public var awayGoals: String
  /// Identifies this form's submission: the same token twice records one match.
  public var token: String

  public init(
    matchID: UUID? = nil, homePlayerIDs: [UUID] = [], awayPlayerIDs: [UUID] = [],
    homeGoals: String = "", awayGoals: String = "", token: String
  ) {
    self.matchID = matchID
    self.homePlayerIDs = homePlayerIDs
    self.awayPlayerIDs = awayPlayerIDs
    self.homeGoals = homeGoals
    self.awayGoals = awayGoals
    self.token = token
  }

  /// Reads the form's fields: `home` and `away` repeated per selected player, `homeGoals`,
  /// `awayGoals`, `token` and, when editing, `match`. Nil when `match` is there but is not a
  /// match id: such a draft belongs to no form.
  /// Each field is kept to a size a real form sends, so a forged form cannot grow the child
  /// flow's addresses past what proxies and browsers accept. A player value that is not an id
  /// names no player of the list, and no checkbox would show it: it is left out.
  public init?(pairs: [(name: String, value: String)], newToken: () -> String) {
    let values = { (name: String) in pairs.filter { $0.name == name }.map(\.value) }
    let ids = { (name: String) in
      Array(Self.playerIDs(values(name)).ids.prefix(Self.maxPlayers))
    }
    var matchID: UUID?
    if let text = values(Field.match).first, !text.isEmpty {
      guard let id = UUID(text: text) else { return nil }
      matchID = id
    }
    self.init(
      matchID: matchID, homePlayerIDs: ids(Field.home), awayPlayerIDs: ids(Field.away),
      homeGoals: String(values(Field.homeGoals).first?.prefix(16) ?? ""),
      awayGoals: String(values(Field.awayGoals).first?.prefix(16) ?? ""),
      token: values(Field.token).first.flatMap { $0.isEmpty || $0.utf8.count > 64 ? nil : $0 }
        ?? newToken())
  }

  /// Whether `pairs` (a form's fields, an address's query) carry a draft: a match form's fields
  /// always hold its token.
  public static func isCarried(by pairs: [(name: String, value: String)]) -> Bool {
    pairs.contains { $0.name == Field.token }
  }

  /// Players a side can have in a form.
  public static let maxPlayers = 100

  /// The match form's field names, as its template writes them: the inputs the form declares
  /// and the fields a carried draft travels in are named here once.
  public enum Field {
    public static let token = "token"
    public static let match = "match"
    public static let home = "home"
    public static let away = "away"
    public static let homeGoals = "homeGoals"
    public static let awayGoals = "awayGoals"
  }

  /// The draft's fields as inputs of a form that carries it to another page and back (the
  /// player form): bounded as the match form's own, and read by `init(pairs:newToken:)`.
  public static func carriedInputs<ViewModel: AnyObject>() -> [Input<ViewModel>] {
    [
      .carried(Field.token), .carried(Field.match), .carried(Field.homeGoals),
      .carried(Field.awayGoals), .carried(Field.home, max: maxPlayers, accepts: isPlayerID),
      .carried(Field.away, max: maxPlayers, accepts: isPlayerID),
    ]
  }

  /// Whether a player field's value is a player id, as the form's checkboxes send: anything
  /// else was not sent by the form.
  @Sendable public static func isPlayerID(_ text: String) -> Bool { UUID(text: text) != nil }

  /// The players' ids a form sent, each read once, and whether any value was not an id at all
  /// (only a forged form sends one). Empty values, an unticked box's, are no value.
  static func playerIDs(_ texts: [String]) -> (ids: [UUID], unreadable: Bool) {
    var ids: [UUID] = []
    var unreadable = false
    for text in texts where !text.isEmpty {
      guard let id = UUID(text: text) else {
        unreadable = true
        continue
      }
      // A box sent twice (a forged post, a tool) is ticked once, as a person can only tick it.
      if !ids.contains(id) { ids.append(id) }
    }
    return (ids, unreadable)
  }

  /// The same fields, to carry in a query string or hidden inputs.
  public var pairs: [(name: String, value: String)] {
    (matchID.map { [(Field.match, $0.lowercasedText)] } ?? []) + carriedPairs
  }

  /// The fields but the match, which an address back to the form carries in its path.
  public var carriedPairs: [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    pairs += homePlayerIDs.map { (Field.home, $0.lowercasedText) }
    pairs += awayPlayerIDs.map { (Field.away, $0.lowercasedText) }
    pairs += [(Field.homeGoals, homeGoals), (Field.awayGoals, awayGoals), (Field.token, token)]
    return pairs
  }
}
