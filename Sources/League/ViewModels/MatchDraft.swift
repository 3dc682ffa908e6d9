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
  public init(pairs: [(name: String, value: String)], newToken: () -> String) {
    let values = { (name: String) in pairs.filter { $0.name == name }.map(\.value) }
    self.init(
      matchID: values("match").first.flatMap { $0.isEmpty ? nil : $0 },
      homePlayerIDs: values("home").filter { !$0.isEmpty },
      awayPlayerIDs: values("away").filter { !$0.isEmpty },
      homeGoals: values("homeGoals").first ?? "",
      awayGoals: values("awayGoals").first ?? "",
      token: values("token").first.flatMap { $0.isEmpty ? nil : $0 } ?? newToken())
  }

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
