import Foundation
import MVVM

/// The new-player form: a name, trimmed, 1 to 50 characters, unique ignoring case.
public final class NewPlayerViewModel: Outputs {
  private let store: any LeagueStore
  public private(set) var name = ""
  public private(set) var nameError: String?
  /// The player the last successful `save()` created.
  public private(set) var createdPlayer: Player?

  public init(store: any LeagueStore) {
    self.store = store
  }

  public func setName(_ text: String) {
    name = text
    nameError = nil
  }

  public func save() -> Outcome {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return fail("Enter a name") }
    guard trimmed.count <= 50 else { return fail("Names can be at most 50 characters") }
    do {
      createdPlayer = try store.addPlayer(name: trimmed)
      return .done
    } catch LeagueStoreError.nameTaken {
      return fail("That name is taken")
    } catch {
      return .failed(message: "The player could not be saved. Please try again.")
    }
  }

  public func cancel() -> Outcome { .cancelled }

  private func fail(_ message: String) -> Outcome {
    nameError = message
    return .failed(message: message)
  }

  public static let outputSchema = OutputSchema([
    "title": .text, "name": .text, "nameError": .text, "hasNameError": .flag,
  ])

  public func output(named name: String) -> Output? {
    switch name {
    case "title": .text("New Player")
    case "name": .text(self.name)
    case "nameError": .text(nameError ?? "")
    case "hasNameError": .flag(nameError != nil)
    default: nil
    }
  }
}
