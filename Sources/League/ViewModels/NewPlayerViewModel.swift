import Foundation
import MVVMWebViewModels

/// The new-player form: a name, trimmed, keeping `PlayerName`'s rules (1 to 50 characters, at
/// most 200 bytes, no control or text-direction characters), unique ignoring case. Opened from
/// the match form, it carries that form's draft and leads back to it.
@Outputs
public final class NewPlayerViewModel: SavableForm {
  private let store: any LeagueStore
  public private(set) var name: String = ""
  public private(set) var nameError: String?
  /// The player the last successful `save()` created.
  @OutputIgnored public private(set) var createdPlayer: Player?
  /// The match form this one was opened from, to go back to with its draft.
  @OutputIgnored public private(set) var returnDraft: MatchDraft?

  public init(store: any LeagueStore, returningTo draft: MatchDraft? = nil) {
    self.store = store
    self.returnDraft = draft
  }

  public func setName(_ text: String) {
    name = text
    nameError = nil
  }

  /// Checks the name as typed, saving nothing: the rule it breaks, or that it is taken (a read of
  /// the store), said next to the field; no message when it can be saved.
  public func validate() throws {
    let trimmed = PlayerName.trimmed(name)
    if let problem = PlayerName.problem(trimmed) {
      nameError = Self.message(problem)
    } else {
      nameError = try store.playerNameTaken(trimmed) ? Self.taken : nil
    }
  }

  /// Validates and saves; a taken name fails like validation, and any other store failure is
  /// thrown so the coordinator can say the data could not be saved.
  public func save() throws -> Outcome {
    let trimmed = PlayerName.trimmed(name)
    if let problem = PlayerName.problem(trimmed) { return fail(Self.message(problem)) }
    do {
      createdPlayer = try store.addPlayer(name: trimmed)
      return .done
    } catch LeagueStoreError.nameTaken {
      return fail(Self.taken)
    }
  }

  /// The store could not save the player: the form says so, keeping the name typed.
  public func reportStoreFailure() {
    nameError = "The player could not be saved just now. Please try again."
  }

  /// What the form says next to the name, in words a person can act on.
  static func message(_ problem: PlayerName.Problem) -> String {
    switch problem {
    case .blank: "Enter a name"
    case .tooManyCharacters: "Names can be at most \(PlayerName.maxCharacters) characters"
    case .tooManyBytes:
      "This name is too long to store: accents and emoji take more room than letters. "
        + "Use fewer of them."
    case .controlCharacter: "Names cannot contain tabs, line breaks or other control characters"
    case .directionCharacter:
      "Names cannot contain characters that change the direction of the text around them"
    }
  }

  static let taken = "That name is taken"

  private func fail(_ message: String) -> Outcome {
    nameError = message
    return .failed(message: message)
  }

  public var title: String { "New Player" }
  /// Where the form posts.
  public var formAction: LeagueDestination { .newPlayer }
  /// The match draft, as hidden fields the form posts back with the name.
  public var carried: [FormField] {
    (returnDraft?.pairs ?? []).map { FormField(name: $0.name, value: $0.value) }
  }
  /// Where "Cancel" and a saved player lead: back to the match form, or to the rankings.
  public var back: LeagueDestination { returnDraft.map { .resumeMatch($0) } ?? .rankings }
}

extension NewPlayerViewModel: Inputs {
  /// The name, and the match draft the form carries back to the match form.
  public static let inputs: [Input<NewPlayerViewModel>] =
    [.text("name", setName)] + MatchDraft.carriedInputs()
}
