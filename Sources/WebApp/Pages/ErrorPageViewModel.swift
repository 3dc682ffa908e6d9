import HTTPServer
import MVVM

/// The error page's outputs: the status and a sentence for a person. Nothing internal.
struct ErrorPageViewModel: Outputs {
  var status: HTTPStatus
  var message: String

  static let outputSchema = OutputSchema(["title": .text, "statusText": .text, "message": .text])

  func output(named name: String) -> Output? {
    switch name {
    case "title": .text(status.reason)
    case "statusText": .text(String(status.code))
    case "message": .text(message)
    default: nil
    }
  }
}
