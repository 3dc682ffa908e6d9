import Foundation
import MVVMWebViewModels
import Synchronization

extension ChangeTopic {
  /// Published after every message left, so the feedback page's list follows them.
  public static let feedback = ChangeTopic("feedback")
}

/// What visitors said, newest first, in memory: the feedback page's store, the latest 20 only.
public final class FeedbackBox: Sendable {
  /// One message and whether its writer wants news.
  public struct Message: Equatable, Sendable {
    /// The words left.
    public var text: String
    /// Whether the "Send me news" box was ticked.
    public var subscribes: Bool
  }

  private let messages = Mutex<[Message]>([])
  private let changes: ChangeFeed

  /// An empty box that announces each message on `changes`.
  public init(changes: ChangeFeed) { self.changes = changes }

  /// The messages, newest first.
  public var all: [Message] { messages.withLock { $0 } }

  /// Keeps `message` (once, when the same is sent twice in a row) and tells the live pages.
  public func leave(_ message: Message) {
    let kept = messages.withLock { messages in
      guard messages.first != message else { return false }
      messages = Array(([message] + messages).prefix(20))
      return true
    }
    if kept { changes.publish(.feedback) }
  }
}

/// The feedback page: a message of at most 200 characters and a box for news, and the messages
/// left so far, following new ones live.
@Outputs
public final class FeedbackViewModel: SavableForm {
  /// One message of the list.
  @Outputs
  public struct Line: Sendable {
    /// The message.
    public var text: String
    /// "Wants news", for a writer who ticked the box.
    public var newsText: String?
  }

  private let box: FeedbackBox
  /// What was typed, kept when it is refused.
  public private(set) var message: String = ""
  /// Whether the news box is ticked.
  public private(set) var subscribes: Bool = false
  /// Why the message was refused, shown next to the field.
  public private(set) var messageError: String?

  /// The page over `box`.
  public init(box: FeedbackBox) { self.box = box }

  /// The messages, newest first.
  public var lines: [Line] {
    box.all.map { Line(text: $0.text, newsText: $0.subscribes ? "Wants news" : nil) }
  }
  /// Whether nobody has left a message yet.
  public var isEmpty: Bool { box.all.isEmpty }

  /// Input: the message typed.
  public func setMessage(_ text: String) { message = text }
  /// Input: the news box.
  public func setSubscribes(_ on: Bool) { subscribes = on }

  /// Keeps the message: `.done`, or `.failed` with the reason next to the field.
  public func save() -> Outcome {
    validate()
    if let messageError { return .failed(message: messageError) }
    box.leave(.init(text: trimmed, subscribes: subscribes))
    return .done
  }

  /// Checks the message as typed and keeps nothing.
  public func validate() {
    messageError =
      trimmed.isEmpty
      ? "Write a message"
      : trimmed.count > 200 || trimmed.utf8.count > 800 ? "Write at most 200 characters" : nil
  }

  private var trimmed: String { message.trimmingCharacters(in: .whitespacesAndNewlines) }
}

extension FeedbackViewModel: Inputs {
  /// The message, and the news box.
  public static let inputs: [Input<FeedbackViewModel>] = [
    .text("message", setMessage), .flag("subscribe", setSubscribes),
  ]
}
