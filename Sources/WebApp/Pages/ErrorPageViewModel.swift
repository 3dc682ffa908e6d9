import MVVMWebServer
import MVVMWebViewModels

/// The error page's outputs: the status and a sentence for a person. Nothing internal.
@Outputs
struct ErrorPageViewModel {
  @OutputIgnored var status: HTTPStatus
  var message: String

  var title: String { status.reason }
  var statusText: Int { status.code }
}
