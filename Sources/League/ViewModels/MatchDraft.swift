/// Everything typed into the match form so far, as text, exactly as the user entered it. The
/// coordinator carries it through the "Add a player" child flow and back (as form fields), so
/// nothing is lost on the way.
public struct MatchDraft: Sendable, Equatable {
  /// The match being edited, or nil for a new one.
  public var matchID: String?
  public var homePlayerIDs: [String]
  public var awayPlayerIDs: [String]
  public var homeGoals: String
  public var awayGoals: String
  /// Identifies this form's submission: the same token twice records one match.
  public var token: String

  public init(
    matchID: String? = nil, homePlayerIDs: [String] = [], awayPlayerIDs: [String] = [],
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
  /// `awayGoals`, `token` and, when editing, `match`.
  /// Each field is kept to a size a real form sends (a UUID is 36 characters), so a forged form
  /// cannot grow the child flow's addresses past what proxies and browsers accept.
  public init(pairs: [(name: String, value: String)], newToken: () -> String) {
    let values = { (name: String) in pairs.filter { $0.name == name }.map(\.value) }
    let ids = { (name: String) in
      Array(values(name).filter { !$0.isEmpty && $0.utf8.count <= 36 }.prefix(Self.maxPlayers))
    }
    self.init(
      matchID: values("match").first.flatMap { $0.isEmpty || $0.utf8.count > 36 ? nil : $0 },
      homePlayerIDs: ids("home"), awayPlayerIDs: ids("away"),
      homeGoals: String(values("homeGoals").first?.prefix(16) ?? ""),
      awayGoals: String(values("awayGoals").first?.prefix(16) ?? ""),
      token: values("token").first.flatMap { $0.isEmpty || $0.utf8.count > 64 ? nil : $0 }
        ?? newToken())
  }

  /// Players a side can have in a form.
  static let maxPlayers = 100

  /// The same fields, to carry in a query string or hidden inputs.
  public var pairs: [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    if let matchID { pairs.append(("match", matchID)) }
    pairs += homePlayerIDs.map { ("home", $0) }
    pairs += awayPlayerIDs.map { ("away", $0) }
    pairs += [("homeGoals", homeGoals), ("awayGoals", awayGoals), ("token", token)]
    return pairs
  }
}
