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

  /// What a box shows of its player: what a kept box is made from.
  public struct State: Equatable, Sendable {
    var player: Player
    var isSelected: Bool
    var isDisabled: Bool
    var isFocused: Bool
  }

  /// Both sides' boxes, kept between requests: each is made and written once per player and
  /// state, so an input event of a 100-player form copies 200 kept boxes instead of making and
  /// writing them. A coordinator keeps one for the form's life.
  public final class Kept: Sendable {
    let home: Side
    let away: Side

    /// Room for each side's boxes of a roster of up to `players` players, in each state; a
    /// larger roster's boxes are made for each request.
    public init(players: Int = 2_500) {
      home = Side(side: "home", otherSide: "away", maxPlayers: players)
      away = Side(side: "away", otherSide: "home", maxPlayers: players)
    }
  }

  /// One side's boxes for the roster last asked about: by the player's place in it and the box's
  /// state, and the lists of them asked for lately by their ticks. Found by place, not looked up
  /// by id: people editing at once tick different players, so a box goes back and forth between
  /// states from one event to the next, and hashing every player's id for each event cost more
  /// than the rest of it. A list is kept whole because each person's next events (the goals
  /// typed after the boxes ticked) ask for it again, between other people's.
  final class Side: Sendable {
    private struct Boxes: Sendable {
      /// The roster, compared by identity first: the store's kept array.
      var players: [Player] = []
      /// Slot `place * statesPerPlayer + code`, nil until that box is made.
      var byPlace: [Unchanging<PlayerChoice>?] = []
      /// Lists made lately, by their ticks; all forgotten when `maxLists` are kept and one more
      /// is made.
      var lists: [Ticks: [Unchanging<PlayerChoice>]] = [:]
      /// How many lists of this roster's size fit in `listedBoxes`.
      var maxLists = 0
    }

    private struct Ticks: Hashable, Sendable {
      var selected: [UUID]
      var other: [UUID]
      var focused: Bool
    }

    /// Selected, disabled and focused: three flags.
    private static let statesPerPlayer = 8
    /// Room for the lists kept, in boxes: 500 lists of a 100-player roster (what 250 people
    /// editing at once ask for between two events of one of them), 20 of a 2,500-player one;
    /// about 4 MB a side.
    private static let listedBoxes = 50_000

    private let side: String
    private let otherSide: String
    private let maxPlayers: Int
    private let boxes = Mutex(Boxes())

    init(side: String, otherSide: String, maxPlayers: Int) {
      self.side = side
      self.otherSide = otherSide
      self.maxPlayers = maxPlayers
    }

    /// A box for each of `players`: ticked when `selected`, disabled when ticked on the other
    /// side (`other`), the first one that can take it focused when `focused`.
    func choices(
      players: [Player], selected: [UUID], other: [UUID], focused: Bool
    ) -> [Unchanging<PlayerChoice>] {
      guard players.count <= maxPlayers else {
        return states(players, selected: selected, other: other, focused: focused).map {
          Unchanging(PlayerChoice($0, side: side, otherSide: otherSide))
        }
      }
      let ticks = Ticks(selected: selected, other: other, focused: focused)
      return boxes.withLock { boxes in
        if boxes.players != players {
          boxes = Boxes(
            players: players,
            byPlace: Array(repeating: nil, count: players.count * Self.statesPerPlayer),
            maxLists: max(1, Self.listedBoxes / max(1, players.count)))
        }
        if let rows = boxes.lists[ticks] { return rows }
        var rows: [Unchanging<PlayerChoice>] = []
        rows.reserveCapacity(players.count)
        for (place, state) in states(players, selected: selected, other: other, focused: focused)
          .enumerated()
        {
          let slot = place * Self.statesPerPlayer + Self.code(state)
          if let box = boxes.byPlace[slot] {
            rows.append(box)
          } else {
            let box = Unchanging(PlayerChoice(state, side: side, otherSide: otherSide))
            boxes.byPlace[slot] = box
            rows.append(box)
          }
        }
        if boxes.lists.count >= boxes.maxLists { boxes.lists.removeAll(keepingCapacity: true) }
        boxes.lists[ticks] = rows
        return rows
      }
    }

    private func states(
      _ players: [Player], selected: [UUID], other: [UUID], focused: Bool
    ) -> [State] {
      var focusGiven = !focused
      return players.map { player in
        // The ticked ids are searched: a side holds a few.
        let isSelected = selected.contains(player.id)
        let isDisabled = !isSelected && other.contains(player.id)
        let isFocused = !focusGiven && !isDisabled
        if isFocused { focusGiven = true }
        return State(
          player: player, isSelected: isSelected, isDisabled: isDisabled, isFocused: isFocused)
      }
    }

    private static func code(_ state: State) -> Int {
      (state.isSelected ? 1 : 0) | (state.isDisabled ? 2 : 0) | (state.isFocused ? 4 : 0)
    }
  }
}
