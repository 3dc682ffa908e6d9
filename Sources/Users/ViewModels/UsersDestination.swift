import MVVMWebViewModels

/// The places of the user list a link or form can lead to; the web layer's route table gives each
/// its address.
public enum UsersDestination: Destination {
  case users
  case refresh
  case clearCache
  case person(Int)
  /// A user's avatar picture; the version changes with the picture, so its address can be cached
  /// forever.
  case avatar(Int, version: String)
}
