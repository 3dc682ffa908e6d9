import Foundation
import MVVMWebViewModels
import Synchronization

/// A player as a checkbox in one side of the match form.
@Outputs
public struct PlayerChoice: Equatable, Sendable {
  public var id: String
  public var name: String
  public var isSelected: Bool
  /// Picked on the other side: a hint for the form; saving refuses it either way.
  public var isDisabled: Bool
  /// Why the box is disabled, said next to the name ("on the away side"), so it is not a mystery
  /// to anyone, screen readers included.
  public var note: String?
  /// The note's id while there is one, for the box's `aria-describedby`: the reason is read out
  /// with the box, not only seen beside it.
  public var noteID: String?
  /// The first box of a side in error after a refused save: the focus goes there.
  public var isFocused: Bool

  /// The box of `state`'s player on side `side`, the other side being `otherSide`.
  init(_ state: State, side: String, otherSide: String) {
    let id = state.player.id.lowercasedText
    self.init(
      id: id, name: state.player.name, isSelected: state.isSelected,
      isDisabled: state.isDisabled, note: state.isDisabled ? "on the \(otherSide) side" : nil,
      noteID: state.isDisabled ? "\(side)-note-\(id)" : nil, isFocused: state.isFocused)
  }

  public init(
    id: String, name: String, isSelected: Bool, isDisabled: Bool, note: String?,
    noteID: String?, isFocused: Bool
  ) {
    self.id = id
    self.name = name
    self.isSelected = isSelected
    self.isDisabled = isDisabled
    self.note = note
    self.noteID = noteID
    self.isFocused = isFocused
  }

  /// What a box shows of its player: what a kept box is made from, and compared by.
  public struct State: Equatable, Sendable {
    var player: Player
    var isSelected: Bool
    var isDisabled: Bool
    var isFocused: Bool
  }

  /// Both sides' boxes, kept between requests (`UnchangingRows`): each is made and written once
  /// per player and state, so an input event of a 100-player form copies 200 kept boxes
  /// instead of making and writing them. A coordinator keeps one for the form's life.
  public final class Kept: Sendable {
    let home: Side
    let away: Side

    /// Room for each side's boxes of `players` players in each of a few states.
    public init(players: Int = 2_500) {
      home = Side(side: "home", otherSide: "away", capacity: players * 4)
      away = Side(side: "away", otherSide: "home", capacity: players * 4)
    }
  }

  /// One side's boxes: kept by player and state, and the last list asked for, which the next
  /// event of a form asks for again unless its ticks changed.
  final class Side: Sendable {
    private struct Last: Sendable {
      var players: [Player]
      var selected: [UUID]
      var other: [UUID]
      var focused: Bool
      var rows: [Unchanging<PlayerChoice>]
    }

    private let rows: UnchangingRows<UUID, State, PlayerChoice>
    private let last = Mutex<Last?>(nil)

    init(side: String, otherSide: String, capacity: Int) {
      rows = UnchangingRows(capacity: capacity) {
        PlayerChoice($0, side: side, otherSide: otherSide)
      }
    }

    /// A box for each of `players`: ticked when `selected`, disabled when ticked on the other
    /// side (`other`), the first one that can take it focused when `focused`.
    func choices(
      players: [Player], selected: [UUID], other: [UUID], focused: Bool
    ) -> [Unchanging<PlayerChoice>] {
      // The players' array is the store's kept one, compared by identity first.
      if let last = last.withLock({ $0 }), last.players == players, last.selected == selected,
        last.other == other, last.focused == focused
      {
        return last.rows
      }
      var focusGiven = !focused
      let states = players.map { player in
        // The ticked ids are searched: a side holds a few.
        let isSelected = selected.contains(player.id)
        let isDisabled = !isSelected && other.contains(player.id)
        let isFocused = !focusGiven && !isDisabled
        if isFocused { focusGiven = true }
        return State(
          player: player, isSelected: isSelected, isDisabled: isDisabled, isFocused: isFocused)
      }
      let made = rows.rows(for: states) { $0.player.id }
      last.withLock {
        $0 = Last(players: players, selected: selected, other: other, focused: focused, rows: made)
      }
      return made
    }
  }
}
