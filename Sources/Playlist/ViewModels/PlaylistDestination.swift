import MVVMWebViewModels

/// The places of the playlist a link can lead to; the web layer's route table gives each its
/// address.
public enum PlaylistDestination: Destination {
  /// Page `n` of the playlist, from 1.
  case page(Int)
}
