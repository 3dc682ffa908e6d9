/// The request line and headers of a request, checked, with how its body is framed.
struct RequestHead {
  enum Framing: Equatable {
    case none
    case length(Int)
    case chunked
  }

  var method: HTTPMethod
  var target: String
  var minorVersion: Int
  var headers: HTTPHeaders
  var framing: Framing
  var keepAlive: Bool
  var expectsContinue: Bool
}
