import MVVMWebViewModels

/// One user in the list: avatar and name, and the person page it links to.
@Outputs
public struct UserRow: Equatable {
  @OutputIgnored public var id: Int
  public var name: String
  public var avatar: ImageViewModel

  public var link: UsersDestination { .person(id) }
}
