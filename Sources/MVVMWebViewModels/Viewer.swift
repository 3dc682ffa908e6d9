/// What a person may do on a site, by the account they signed in with: a role's name. `admin`
/// may do everything; the others (`member`, or an app's own) may do what a rule names them for.
public struct Role: Hashable, Sendable, CustomStringConvertible {
  /// The role's name, as `accounts role NAME ROLE` takes it.
  public let name: String

  /// The role `name` (lowercase letters, digits and hyphens).
  public init(_ name: String) {
    self.name = name
  }

  /// May do everything: every rule lets an admin through.
  public static let admin = Role("admin")
  /// A signed-in member, as most rules that write name.
  public static let member = Role("member")

  /// The name.
  public var description: String { name }
}

/// Who may use a route: declared once, with the route's registration, and asked by view models
/// through `Viewer.may(_:)` to show or hide what leads there.
public enum Access: Sendable, Equatable {
  /// Anyone, signed in or not.
  case everyone
  /// Anyone signed in, whatever their role.
  case signedIn
  /// Those signed in with one of these roles (and admins).
  case roles(Set<Role>)

  /// Those signed in with `role` or one of `others` (and admins).
  public static func role(_ role: Role, _ others: Role...) -> Access {
    .roles(Set([role] + others))
  }

  /// The roles this rule names.
  public var roles: Set<Role> {
    if case .roles(let roles) = self { return roles }
    return []
  }
}

/// Who is looking at a page, as its view model sees them: signed in or not, with which role,
/// and their name. On a live page, which many people follow at once and which is rendered once
/// for each kind of viewer, the name is left out: a view model there sees the role alone.
public struct Viewer: Hashable, Sendable {
  /// The account's name; nil when signed out, or on a live page.
  public let name: String?
  /// The account's role; nil when signed out.
  public let role: Role?

  /// A viewer signed in as `name` (nil on a live page) with `role`, or signed out when `role`
  /// is nil.
  public init(name: String?, role: Role?) {
    self.name = role == nil ? nil : name
    self.role = role
  }

  /// Nobody signed in.
  public static let signedOut = Viewer(name: nil, role: nil)

  /// Whether someone is signed in.
  public var isSignedIn: Bool { role != nil }

  /// Whether the viewer may use a route whose rule is `access`.
  public func may(_ access: Access) -> Bool {
    switch access {
    case .everyone: true
    case .signedIn: role != nil
    case .roles(let roles): role.map { $0 == .admin || roles.contains($0) } ?? false
    }
  }

  /// The same viewer without their name: what a live page's view model sees.
  public var withoutName: Viewer { Viewer(name: nil, role: role) }
}
