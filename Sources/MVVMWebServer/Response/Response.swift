/// What a handler answers: a status, headers and a body, either whole or streamed.
public struct Response: Sendable {
  /// The status (200 unless set).
  public var status: HTTPStatus
  /// The header fields the handler set. The server adds `Date`, `Server`, `Content-Length` or
  /// `Transfer-Encoding`, and `Connection` when it closes.
  public var headers: HTTPHeaders
  /// The body: bytes, a stream, or an answer made later.
  public var body: ResponseBody
  /// The route pattern that answered (`/matches/:id/edit`), set by the router for the metrics;
  /// nil when no route matched.
  public var route: String?
  /// What an async task threw instead of answering (`Response.task`); the router turns it into
  /// its error page, as it does a synchronous handler's error.
  var failure: (any Error)?
  /// Whether the pipeline may gzip the body for a client that accepts it (true by default). A
  /// page that is measured as plain bytes turns it off: TechEmpower's Fortunes is benchmarked
  /// uncompressed (and its peers never compress), so a client that sends
  /// `Accept-Encoding: gzip` must get the same bytes, with no `Vary` and no gzip work.
  public var allowsCompression = true

  /// A response with `status`, `headers` and `body`; `html`, `text` and `redirect` make the common
  /// ones.
  /// ```swift
  /// return Response(status: .ok, headers: headers, body: .bytes(avatar.svg))
  /// ```
  public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: ResponseBody = .bytes([]))
  {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// An HTML page.
  public static func html(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
    Response(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(bytes))
  }

  /// Plain text.
  public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
    Response(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: .bytes(Array(text.utf8)))
  }

  /// A redirect; 303 by default, so a form post is followed by a GET (Post/Redirect/Get).
  /// `Location` is a URI, ASCII only: a byte outside ASCII (a name in another script), a space
  /// or another character no URI holds is percent-encoded, as its UTF-8 bytes; escapes already
  /// there are kept. CR, LF and NUL are left for the server's header check, which answers 500.
  public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
    Response(status: status, headers: ["Location": uriText(location)])
  }

  /// `text` with every byte a URI may not hold percent-encoded (RFC 3986 §2: outside ASCII,
  /// DEL, the space, the double quote, angle brackets, backslash, caret, backtick, braces and
  /// the bar); unchanged, and not copied, when it has none.
  static func uriText(_ text: String) -> String {
    func escapes(_ byte: UInt8) -> Bool {
      byte >= 0x7F || byte == 0x20 || "\"<>\\^`{|}".utf8.contains(byte)
    }
    guard text.utf8.contains(where: escapes) else { return text }
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count &* 3)
    for byte in text.utf8 {
      if escapes(byte) {
        // trap-ok: each half of a byte indexes the 16 digits
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The plain 500 for a bug of ours the server caught (an unsafe header, a failure no router
  /// answered): it says nothing of the cause, which goes to the log, and is never kept.
  static var ourFault: Response {
    var response = Response.text(
      "Something went wrong on our side. Please try again.\n", status: .internalServerError)
    response.headers.add("Cache-Control", "no-store")
    return response
  }

  /// An answer made later, off the server's threads: `start` is called once on the connection's
  /// queue and must return at once; the answer it hands to `complete` (once, from any thread)
  /// is sent as if the handler had returned it (on the handing thread itself when that is an
  /// `AnswerThread`). Until then the connection reads no further request, and no server thread
  /// waits. An async handler is answered this way.
  ///
  /// ```swift
  /// guard request.path == "/later" else { return .text("trail: \(trail)\n") }
  /// return .later { complete in
  ///   DispatchQueue.global().async { complete(.text("later, trail: \(trail)\n")) }
  /// }
  /// ```
  public static func later(
    _ start: @escaping @Sendable (_ complete: @escaping @Sendable (Response) -> Void) -> Void
  ) -> Response {
    Response(body: .later(start))
  }

  /// An answer made by `async` code, which holds no server thread while it waits. An error it
  /// throws is answered as a handler's would be (an `HTTPError` with its status, anything else
  /// with a logged 500). When the code's answer is itself one made later (a `StoreWork` read,
  /// say), that one is awaited in turn.
  public static func task(
    _ make: @escaping @Sendable () async throws -> Response
  ) -> Response {
    .later { complete in
      Task(executorPreference: HandlerExecutor.shared) {
        do {
          let made = try await make()
          if case .later(let start) = made.body { start(complete) } else { complete(made) }
        } catch {
          complete(.failed(error))
        }
      }
    }
  }

  /// An answer made by the connection at the moment it sends it, on its queue: after the
  /// answers before it, and only while the client is still there and its wait has not run out.
  /// `make` is called then, once, and what it returns is sent (it may not itself be made later
  /// or at sending). For an answer that takes a share of something bounded, a place among the
  /// open streams say: an answer that is never sent (its client gone, its time up) takes none.
  ///
  /// A live page's stream takes its place among the open streams so (`LiveHub`):
  ///
  /// ```swift
  /// return .atSending { [self, response] in
  ///   let admission = reserve(key, page: page, topics: topics, render: render)
  ///   guard admission == .admitted else {
  ///     let what = admission == .tooManyPages ? "different pages are" : "pages are"
  ///     var refused = Response.text(
  ///       "Too many \(what) following live updates right now. This page still works: reload "
  ///         + "it to see changes.\n", status: .serviceUnavailable)
  ///     refused.headers.add("Retry-After", "30")
  ///     refused.headers.add("Cache-Control", "no-store")
  ///     return refused
  ///   }
  ///   var opened = response
  ///   opened.body = .stream { [self] writer in
  ///     join(key, lastEventID: lastEventID, session: session, writer)
  ///   }
  ///   return opened
  /// }
  /// ```
  public static func atSending(_ make: @escaping @Sendable () -> Response) -> Response {
    Response(body: .atSending(make))
  }

  /// What an answer made later (`later`) hands on when its work threw instead of answering: the
  /// router makes the error page a synchronous handler's error gets (an `HTTPError` with its
  /// status, anything else a logged 500).
  ///
  /// `task` hands on what its code threw:
  ///
  /// ```swift
  /// .later { complete in
  ///   Task(executorPreference: HandlerExecutor.shared) {
  ///     do {
  ///       let made = try await make()
  ///       if case .later(let start) = made.body { start(complete) } else { complete(made) }
  ///     } catch {
  ///       complete(.failed(error))
  ///     }
  ///   }
  /// }
  /// ```
  public static func failed(_ error: any Error) -> Response {
    var failed = Response(status: .internalServerError)
    failed.failure = error
    return failed
  }

  /// The answer itself: this one, or the one an answer made later makes, awaited. For code that
  /// calls a responder without a server (tests, tools).
  public func made() async -> Response {
    guard case .later(let start) = body else { return self }
    return await withCheckedContinuation { continuation in
      start { continuation.resume(returning: $0) }
    }
  }

  /// Hands the answer to `complete`: at once, or, for one made later, once it is made, with
  /// the route this one names when the made one names none (for the metrics). For code that
  /// makes its own answer later around another (a middleware that first waits for a store).
  public func deliver(to complete: @escaping @Sendable (Response) -> Void) {
    guard case .later(let start) = body else { return complete(self) }
    let route = route
    start { made in
      var made = made
      if made.route == nil { made.route = route }
      complete(made)
    }
  }

  /// Applies `change` to the answer: now, or, for one made later or at sending, when it is made.
  /// Steps that every answer goes through (security headers, the route's name) use it.
  public mutating func amend(_ change: @escaping @Sendable (inout Response) -> Void) {
    switch body {
    case .later(let start):
      body = .later { complete in
        start { made in
          var made = made
          change(&made)
          complete(made)
        }
      }
    case .atSending(let make):
      body = .atSending {
        var made = make()
        change(&made)
        return made
      }
    case .bytes, .stream:
      change(&self)
    }
  }
}

/// A response body: bytes known up front (sent with `Content-Length`, gzip-compressed when the
/// client accepts it), or a stream written over time with chunked transfer coding.
public enum ResponseBody: Sendable {
  /// The whole body, known now.
  case bytes([UInt8])
  /// Called once on the connection's queue with a writer; write chunks and call `finish()`,
  /// from any queue, now or later (Server-Sent Events keep it open).
  case stream(@Sendable (ResponseWriter) -> Void)
  /// The whole answer is made later (`Response.later`); this one's status and headers are not
  /// sent.
  case later(@Sendable (_ complete: @escaping @Sendable (Response) -> Void) -> Void)
  /// The whole answer is made as it is sent (`Response.atSending`); this one's status and
  /// headers are not sent.
  case atSending(@Sendable () -> Response)
}
