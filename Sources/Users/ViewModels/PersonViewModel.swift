import Foundation
import MVVMWebViewModels

/// One person's page: the formatted name and birthday, and a large avatar.
@Outputs
public struct PersonViewModel {
  @OutputIgnored public let user: User
  public let avatar: ImageViewModel

  public init(user: User, avatar: Avatar) {
    self.user = user
    self.avatar = ImageViewModel(
      source: Link(UsersDestination.avatar(user.id, version: avatar.version)), width: 160,
      height: 160, alt: "", isActive: true, placeholder: Link(Asset("avatar.svg")))
  }

  public var title: String { nameText }
  public var users: UsersDestination { .users }

  /// "Dr. Ada Okafor", or "Ada Okafor" without a salutation.
  public var nameText: String { Self.name(of: user) }

  /// "Thursday January 1, 1970": English, in UTC, whatever the server's locale and time zone;
  /// "unknown" for a birthdate outside the years 1 to 9999.
  public var birthdayText: String {
    CalendarDate(secondsSince1970: user.birthdate.timeIntervalSince1970)?.text(
      .fullWithoutWeekdayComma) ?? "unknown"
  }

  static func name(of user: User) -> String {
    let salutation = user.salutation?.trimmingCharacters(in: .whitespaces) ?? ""
    return ((salutation.isEmpty ? [] : [salutation]) + [user.firstName, user.lastName]).joined(
      separator: " ")
  }
}
